//! Budget binary: 3D `f32` `intersects`, `distance` and `penetration`.
//!
//! Built for thumbv7em-none-eabihf without features for the flash figure;
//! with `--features report` under QEMU it prints the stack depth of each call.
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use gjk::nalgebra::Vector3;
use gjk::{distance, intersects, penetration, Config};
use gjk_firmware::{hull, moved_box};

/// 1 when the separated pair does not intersect, 0 otherwise, NaN on error.
fn query_intersects() -> f32 {
    let mut points = [Vector3::zeros(); 8];
    let (Some(a), Some(b)) = (hull(&mut points), moved_box([3.0, 0.25, -0.25])) else {
        return f32::NAN;
    };
    match intersects(&a, &b, &Config::default()) {
        Ok(hit) => f32::from(u8::from(!hit)),
        Err(_) => f32::NAN,
    }
}

fn query_distance() -> f32 {
    let mut points = [Vector3::zeros(); 8];
    let (Some(a), Some(b)) = (hull(&mut points), moved_box([3.0, 0.25, -0.25])) else {
        return f32::NAN;
    };
    match distance(&a, &b, &Config::default()) {
        Ok(d) => d.distance,
        Err(_) => f32::NAN,
    }
}

/// Depth of the box 0.3 deep in +x (a face contact: EPA runs).
fn query_penetration() -> f32 {
    let mut points = [Vector3::zeros(); 8];
    let (Some(a), Some(b)) = (hull(&mut points), moved_box([1.2, 0.1, -0.2])) else {
        return f32::NAN;
    };
    match penetration(&a, &b, &Config::default()) {
        Ok(Some(p)) => p.depth,
        _ => f32::NAN,
    }
}

#[entry]
fn main() -> ! {
    #[cfg(feature = "report")]
    {
        use cortex_m_semihosting::hprintln;
        use gjk_firmware::stack_depth;
        let limit = 48 * 1024;
        let (i, si) = stack_depth(limit, &query_intersects);
        let (d, sd) = stack_depth(limit, &query_distance);
        let (p, sp) = stack_depth(limit, &query_penetration);
        hprintln!("all_queries: intersects apart={} stack {} bytes", i, si);
        hprintln!(
            "all_queries: distance {} (expected 1.5) stack {} bytes",
            d,
            sd
        );
        hprintln!(
            "all_queries: penetration {} (expected 0.3) stack {} bytes",
            p,
            sp
        );
        let ok = i == 1.0 && (d - 1.5).abs() < 1e-5 && (p - 0.3).abs() < 1e-5;
        gjk_firmware::exit(ok);
    }
    #[cfg(not(feature = "report"))]
    loop {
        core::hint::black_box(query_intersects());
        core::hint::black_box(query_distance());
        core::hint::black_box(query_penetration());
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
