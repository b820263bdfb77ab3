//! Helpers shared by the firmware binaries: semihosting exit, the suite's
//! runner, stack painting, and the shapes of the budget binaries.
#![no_std]

use core::hint::black_box;

use cortex_m_semihosting::{debug, hprintln};
use gjk::nalgebra::Vector3;
use gjk::{hull::Scanned, Cuboid, Transformed};
use gjk_embedded_suite::{check, run_dim, Case, Outcome, Precision};

/// Ends the QEMU run with success or failure.
pub fn exit(ok: bool) -> ! {
    debug::exit(if ok {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    // Without a debugger attached the call returns; stay here.
    loop {
        cortex_m::asm::wfi();
    }
}

const QUERY_NAMES: [&str; 4] = ["intersects", "distance", "penetration", "contact"];

/// Whether a case runs in precision `T` on this part. On the Cortex-M0
/// (16 KiB of RAM, stack included) the speed-first build's default EPA
/// polytope fits in `f32` only: `f64` runs the GJK queries (`intersects`,
/// `distance`), and the `f64` penetration and contact cases are counted
/// as skipped. Built size first (the `small` feature, as `.ci/embedded.sh`
/// runs the Cortex-M0 suite), every case runs.
fn runs<T: Precision>(case: &Case) -> bool {
    cfg!(feature = "small") || !(cfg!(ram_16k) && T::WIDE && matches!(case.query, 2 | 3))
}

/// Runs every case in precision `T`, compares each answer with the host's
/// within `tol` (relative), prints each mismatch and a summary line, and
/// ends the QEMU run: success when nothing failed.
pub fn run_suite<T: Precision>(cases: &[Case], label: &str, tol: f64) -> ! {
    hprintln!("gjk embedded suite: {} cases in {}", cases.len(), label);
    let (mut passed, mut failed, mut skipped) = (0u32, 0u32, 0u32);
    for case in cases {
        if !runs::<T>(case) {
            skipped += 1;
            continue;
        }
        let out: Result<Outcome, _> =
            run_dim::<T>(case.dim, case.query, &case.a, &case.b, case.param);
        let verdict = match &out {
            Ok(o) => check(case, o, tol),
            Err(e) => {
                hprintln!("FAIL {} [{}]: error {:?}", case.name, label, e);
                failed += 1;
                continue;
            }
        };
        match verdict {
            None => passed += 1,
            Some(m) => {
                failed += 1;
                hprintln!(
                    "FAIL {} [{} {}]: {}[{}] expected {} got {}",
                    case.name,
                    label,
                    QUERY_NAMES
                        .get(usize::from(case.query))
                        .copied()
                        .unwrap_or("?"),
                    m.field,
                    m.index,
                    m.expected,
                    m.got
                );
            }
        }
    }
    hprintln!(
        "{}: {} passed, {} failed, {} skipped (tolerance {:e} relative) -> {}",
        label,
        passed,
        failed,
        skipped,
        tol,
        if failed == 0 { "OK" } else { "MISMATCH" }
    );
    exit(failed == 0)
}

/// The body of a suite binary in one precision: `suite_main!(f64, TOL_F64)`
/// gives the entry point over the generated `CASES` (which the binary
/// includes), a panic handler that reports and fails, and a `HardFault`
/// handler that fails the run instead of spinning until the CI timeout.
#[macro_export]
macro_rules! suite_main {
    ($t:ty, $tol:expr) => {
        #[cortex_m_rt::entry]
        fn main() -> ! {
            $crate::run_suite::<$t>(CASES, stringify!($t), $tol)
        }

        #[panic_handler]
        fn panic(info: &core::panic::PanicInfo) -> ! {
            cortex_m_semihosting::hprintln!("PANIC: {}", info);
            $crate::exit(false)
        }

        #[cortex_m_rt::exception]
        unsafe fn HardFault(frame: &cortex_m_rt::ExceptionFrame) -> ! {
            cortex_m_semihosting::hprintln!("HARD FAULT at pc {:#x}", frame.pc());
            $crate::exit(false)
        }
    };
}

/// Word written over the unused stack before a measured call.
const PAINT: u32 = 0x5AC3_3CA5;

extern "C" {
    /// End of `.bss` and `.data` (cortex-m-rt's `link.x`): the stack must not
    /// be painted below it.
    static __sheap: u32;
}

/// Runs `f` with up to `limit` bytes below the current stack pointer painted,
/// and returns its result and the deepest stack it used, in bytes (including
/// the call itself: return address and saved registers).
///
/// `f` is called through a trait object hidden from the optimiser, so none
/// of its frame is folded into this one. A closure lets the caller build the
/// shapes first, so that only the query's own stack is counted.
#[inline(never)]
pub fn stack_depth<R>(limit: usize, f: &dyn Fn() -> R) -> (R, usize) {
    let sp: usize;
    // SAFETY: reads the stack pointer.
    unsafe { core::arch::asm!("mov {}, sp", out(reg) sp) };
    let top = sp & !3;
    let floor = (&raw const __sheap) as usize;
    let bottom = top.saturating_sub(limit).max(floor + 16) & !3;
    let mut addr = bottom;
    while addr < top {
        // SAFETY: [bottom, top) lies between the statics and the live stack;
        // nothing else runs (no interrupts are enabled).
        unsafe { (addr as *mut u32).write_volatile(PAINT) };
        addr += 4;
    }
    let f = black_box(f);
    let result = f();
    let mut addr = bottom;
    // SAFETY: as above; reading back the painted words.
    while addr < top && unsafe { (addr as *const u32).read_volatile() } == PAINT {
        addr += 4;
    }
    (result, top - addr)
}

/// The budget binaries' convex hull: a box-like polytope with 8 vertices.
pub static HULL_POINTS: [[f32; 3]; 8] = [
    [-1.0, -1.0, -1.0],
    [1.0, -1.0, -1.0],
    [1.0, 1.0, -1.0],
    [-1.0, 1.0, -1.0],
    [-1.0, -1.0, 1.0],
    [1.0, -1.0, 1.0],
    [1.0, 1.0, 1.0],
    [-1.0, 1.0, 1.0],
];

/// Fills `points` from [`HULL_POINTS`] through `black_box`, so that nothing
/// is folded at compile time.
pub fn hull(points: &mut [Vector3<f32>; 8]) -> Option<Scanned<&[Vector3<f32>], f32, 3>> {
    for (p, q) in points.iter_mut().zip(black_box(&HULL_POINTS)) {
        *p = Vector3::new(q[0], q[1], q[2]);
    }
    Scanned::new(&points[..]).ok()
}

/// A box of half-size 0.5 moved by `offset` (hidden from the optimiser).
pub fn moved_box(offset: [f32; 3]) -> Option<Transformed<Cuboid<f32, 3>, f32, 3>> {
    let o = black_box(offset);
    let cuboid = Cuboid::new(Vector3::new(0.5, 0.5, 0.5)).ok()?;
    Transformed::translated(cuboid, Vector3::new(o[0], o[1], o[2])).ok()
}
