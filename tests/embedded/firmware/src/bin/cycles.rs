//! Instructions retired per query on the Cortex-M3 (lm3s6965evb, soft
//! float), for QEMU run with `-icount shift=0` (see `cycles.sh`).
//!
//! QEMU is not cycle-accurate, but in `-icount` mode its virtual clock
//! advances by a fixed time per instruction, so the SysTick timer, which
//! QEMU drives from that clock, counts instructions in fixed units. The
//! unit is calibrated against a loop of known length (two instructions per
//! pass), and each query is timed over many runs, less the cost of the
//! same loop around an empty closure. What comes out is instructions
//! retired, not cycles: a real Cortex-M3 spends 1 to about 12 cycles on
//! each (loads, branches and the soft-float calls cost more than one).
#![no_std]
#![no_main]

use core::hint::black_box;

use cortex_m::peripheral::{syst::SystClkSource, SYST};
use cortex_m_rt::entry;
use cortex_m_semihosting::hprintln;
use gjk::nalgebra::Vector3;
use gjk::{distance, penetration, Cuboid, Config, SupportMap};
use gjk_firmware::{hull, moved_box};

/// SysTick's reload: its whole 24-bit range.
const RELOAD: u32 = 0x00FF_FFFF;

/// SysTick ticks taken by `f`, once (the counter counts down; one wrap is
/// allowed for).
fn ticks(syst: &SYST, f: &mut dyn FnMut()) -> u32 {
    let start = SYST::get_current();
    f();
    let end = SYST::get_current();
    let _ = syst;
    start.wrapping_sub(end) & RELOAD
}

/// `passes` passes of a two-instruction loop (`subs`, `bne`).
#[inline(never)]
fn known_loop(passes: u32) {
    let mut n = black_box(passes);
    // SAFETY: a counted loop on one register.
    unsafe {
        core::arch::asm!("2:", "subs {0}, #1", "bne 2b", inout(reg) n);
    }
    black_box(n);
}

/// Ticks of `runs` calls of `query`, less those of `runs` calls of an empty
/// closure through the same loop.
fn per_query(syst: &SYST, runs: u32, query: &dyn Fn() -> f32) -> (f32, u32) {
    let mut last = 0.0;
    let with = ticks(syst, &mut || {
        for _ in 0..runs {
            last = black_box(query)();
        }
    });
    let empty: &dyn Fn() -> f32 = &|| 0.0;
    let without = ticks(syst, &mut || {
        for _ in 0..runs {
            black_box(black_box(empty)());
        }
    });
    (last, with.saturating_sub(without))
}

#[entry]
fn main() -> ! {
    let Some(peripherals) = cortex_m::Peripherals::take() else {
        gjk_firmware::exit(false)
    };
    let mut syst = peripherals.SYST;
    syst.set_clock_source(SystClkSource::Core);
    syst.set_reload(RELOAD);
    syst.clear_current();
    syst.enable_counter();

    // Instructions per tick: 2 per pass of the known loop.
    let passes = 1_000_000;
    let calibration = ticks(&syst, &mut || known_loop(passes));
    let per_tick = 2.0 * passes as f32 / calibration.max(1) as f32;

    // A unit cube as a `Cuboid` and as an 8-point hull, against a box of
    // half-size 0.5 1.5 apart and 0.3 deep.
    let cube = Cuboid::new(Vector3::new(1.0f32, 1.0, 1.0)).ok();
    let mut points = [Vector3::zeros(); 8];
    let cube_hull = hull(&mut points);
    let (apart, deep) = (moved_box([3.0, 0.25, -0.25]), moved_box([1.2, 0.1, -0.2]));
    let config = Config::default();
    let gap = |a: Option<&dyn SupportMap<f32, 3>>| match (a, &apart) {
        (Some(a), Some(b)) => distance(a, b, &config).map_or(f32::NAN, |d| d.distance),
        _ => f32::NAN,
    };
    let depth = |a: Option<&dyn SupportMap<f32, 3>>| match (a, &deep) {
        (Some(a), Some(b)) => match penetration(a, b, &config) {
            Ok(Some(p)) => p.depth,
            _ => f32::NAN,
        },
        _ => f32::NAN,
    };
    let cube: Option<&dyn SupportMap<f32, 3>> = cube.as_ref().map(|c| c as _);
    let cube_hull: Option<&dyn SupportMap<f32, 3>> = cube_hull.as_ref().map(|c| c as _);
    hprintln!(
        "cycles: calibration {} ticks for {} instructions ({} per tick)",
        calibration,
        2 * passes,
        per_tick
    );
    let runs = 64;
    let mut ok = true;
    let rows: [(&str, &dyn Fn() -> f32, f32); 4] = [
        ("box-box distance", &|| gap(cube), 1.5),
        ("box-box penetration", &|| depth(cube), 0.3),
        ("hull8-box distance", &|| gap(cube_hull), 1.5),
        ("hull8-box penetration", &|| depth(cube_hull), 0.3),
    ];
    for (name, query, expected) in rows {
        let (got, t) = per_query(&syst, runs, query);
        let instructions = t as f32 * per_tick / runs as f32;
        hprintln!(
            "cycles: 3D f32 {}: {} (expected {}), {} instructions per query",
            name,
            got,
            expected,
            instructions as u32
        );
        ok &= (got - expected).abs() < 1e-5;
    }
    gjk_firmware::exit(ok);
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    hprintln!("PANIC: {}", info);
    gjk_firmware::exit(false)
}
