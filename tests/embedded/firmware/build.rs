//! Puts the memory map where cortex-m-rt's `link.x` looks for it: the
//! nRF51's (`memory-m0.x`, 16 KiB of RAM) for the Cortex-M0 target, the
//! LM3S6965's (`memory-m3.x`) for the others.

use std::env;
use std::fs;
use std::path::PathBuf;

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let target = env::var("TARGET").unwrap_or_default();
    let map = if target.starts_with("thumbv6m") {
        "memory-m0.x"
    } else {
        "memory-m3.x"
    };
    fs::copy(map, out.join("memory.x")).expect("the memory maps are next to build.rs");
    // 16 KiB of RAM: the suite leaves out what does not fit (see `run_suite` in `lib.rs`).
    println!("cargo:rustc-check-cfg=cfg(ram_16k)");
    if target.starts_with("thumbv6m") {
        println!("cargo:rustc-cfg=ram_16k");
    }
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rerun-if-changed=memory-m3.x");
    println!("cargo:rerun-if-changed=memory-m0.x");
    println!("cargo:rerun-if-changed=build.rs");
}
