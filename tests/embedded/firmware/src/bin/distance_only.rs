//! Budget binary: one 3D `f32` `distance` query (hull against a moved box).
//!
//! Built for thumbv7em-none-eabihf without features for the flash figure;
//! with `--features report` under QEMU it prints the stack depth of the call.
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use gjk::nalgebra::Vector3;
use gjk::{distance, Config};
use gjk_firmware::{hull, moved_box};

#[entry]
fn main() -> ! {
    // The shapes are the caller's: built before the measured call.
    let mut points = [Vector3::zeros(); 8];
    let (a, b) = (hull(&mut points), moved_box([3.0, 0.25, -0.25]));
    // The distance, or NaN when a shape or the query failed.
    let query = || match (&a, &b) {
        (Some(a), Some(b)) => {
            distance(a, b, &Config::default()).map_or(f32::NAN, |d| d.distance)
        }
        _ => f32::NAN,
    };
    #[cfg(feature = "report")]
    {
        let (d, stack) = gjk_firmware::stack_depth(16 * 1024, &query);
        cortex_m_semihosting::hprintln!(
            "distance_only: distance {} (expected 1.5), stack {} bytes",
            d,
            stack
        );
        gjk_firmware::exit((d - 1.5).abs() < 1e-5);
    }
    #[cfg(not(feature = "report"))]
    loop {
        core::hint::black_box(query());
    }
}

#[cfg(feature = "report")]
#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    cortex_m_semihosting::hprintln!("PANIC: {}", info);
    gjk_firmware::exit(false)
}

#[cfg(not(feature = "report"))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    cortex_m::asm::udf()
}
