//! The embedded suite under QEMU: every case in `f64` and `f32`, compared
//! with the answers generated on the host; semihosting exit code 1 on any
//! mismatch.
#![no_std]
#![no_main]

use core::panic::PanicInfo;

use cortex_m_rt::entry;
use cortex_m_semihosting::hprintln;
use gjk_embedded_suite::{
    check, run_dim, Case, Expect, Outcome, Precision, ShapeDesc, TOL_F32, TOL_F64,
};
use gjk_firmware::exit;

include!("../../../generated/cases.rs");

const QUERY_NAMES: [&str; 4] = ["intersects", "distance", "penetration", "contact"];

/// Whether a case runs in precision `T` on this part. On the Cortex-M0
/// (16 KiB of RAM, stack included) EPA's default polytope fits in `f32`
/// only: `f64` runs the GJK queries (`intersects`, `distance`), and the
/// `f64` penetration and contact cases are counted as skipped.
fn runs<T: Precision>(case: &Case) -> bool {
    !(cfg!(ram_16k) && T::WIDE && matches!(case.query, 2 | 3))
}

fn run_all<T: Precision>(label: &str, tol: f64) -> (u32, u32) {
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    for case in CASES {
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
        "{}: {} passed, {} failed, {} skipped (tolerance {:e} relative)",
        label,
        passed,
        failed,
        skipped,
        tol
    );
    (passed, failed)
}

#[entry]
fn main() -> ! {
    hprintln!("gjk embedded suite: {} cases x {{f64, f32}}", CASES.len());
    let (p64, f64_failed) = run_all::<f64>("f64", TOL_F64);
    let (p32, f32_failed) = run_all::<f32>("f32", TOL_F32);
    let failed = f64_failed + f32_failed;
    hprintln!(
        "summary: {} passed, {} failed -> {}",
        p64 + p32,
        failed,
        if failed == 0 { "OK" } else { "MISMATCH" }
    );
    exit(failed == 0)
}

#[panic_handler]
fn panic(info: &PanicInfo) -> ! {
    hprintln!("PANIC: {}", info);
    exit(false)
}
