//! The embedded suite under QEMU in `f64`: every case compared with the
//! answers generated on the host; semihosting exit code 1 on any mismatch
//! or fault. One binary per precision keeps each within the emulated
//! parts' 256 KiB of flash.
#![no_std]
#![no_main]

use core::panic::PanicInfo;

use cortex_m_rt::{entry, exception, ExceptionFrame};
use cortex_m_semihosting::hprintln;
use gjk_embedded_suite::{Case, Expect, ShapeDesc, TOL_F64};
use gjk_firmware::{exit, run_suite};

include!("../../../generated/cases.rs");

#[entry]
fn main() -> ! {
    run_suite::<f64>(CASES, "f64", TOL_F64)
}

#[panic_handler]
fn panic(info: &PanicInfo) -> ! {
    hprintln!("PANIC: {}", info);
    exit(false)
}

/// A fault ends the run as a failure instead of spinning in the default
/// handler until the CI step's timeout.
#[exception]
unsafe fn HardFault(frame: &ExceptionFrame) -> ! {
    hprintln!("HARD FAULT at pc {:#x}", frame.pc());
    exit(false)
}
