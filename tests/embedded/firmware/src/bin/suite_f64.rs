//! The embedded suite under QEMU in `f64`: every case compared with the
//! answers generated on the host; semihosting exit code 1 on any mismatch
//! or fault. One binary per precision keeps each within the emulated
//! parts' 256 KiB of flash.
#![no_std]
#![no_main]

use gjk_embedded_suite::{Case, Expect, ShapeDesc, TOL_F64};

include!("../../../generated/cases.rs");

gjk_firmware::suite_main!(f64, TOL_F64);
