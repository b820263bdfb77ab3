//! gjk in a WebAssembly module, without wasm-bindgen: each query is an
//! `extern "C"` function over plain numbers.
//!
//! A shape is a kind and seven parameters (see `gjk_embedded_suite`: 0 ball,
//! 1 box, 2 capsule, 3 corner simplex). Every query function returns
//! `1` (yes / answered), `0` (no / no contact) or a negative error code; the
//! numbers of the last answer are read back with [`result`]:
//! `0` value, `1..=3` normal, `4..=6` point on A, `7..=9` point on B,
//! `10` iterations.
#![no_std]

use core::sync::atomic::{AtomicU64, Ordering};

use gjk_embedded_suite::{
    CONTACT, DISTANCE, INTERSECTS, Outcome, PENETRATION, Precision, ShapeDesc, run_dim,
};

const SLOTS: usize = 11;

/// The last answer, as `f64` bits (single-threaded module; atomics keep it safe).
static OUT: [AtomicU64; SLOTS] = [const { AtomicU64::new(0) }; SLOTS];

fn store(o: &Outcome) {
    let mut values = [0.0; SLOTS];
    values[0] = o.value;
    values[1..4].copy_from_slice(&o.normal);
    values[4..7].copy_from_slice(&o.a);
    values[7..10].copy_from_slice(&o.b);
    values[10] = f64::from(o.iterations);
    for (slot, v) in OUT.iter().zip(values) {
        slot.store(v.to_bits(), Ordering::Relaxed);
    }
}

/// Number `i` of the last answer (NaN out of range).
#[unsafe(no_mangle)]
pub extern "C" fn result(i: u32) -> f64 {
    OUT.get(i as usize)
        .map_or(f64::NAN, |s| f64::from_bits(s.load(Ordering::Relaxed)))
}

fn shape(kind: u32, p: [f64; 7]) -> ShapeDesc {
    ShapeDesc {
        kind: u8::try_from(kind).unwrap_or(u8::MAX),
        p,
    }
}

fn answer<T: Precision>(query: u8, dim: u32, a: ShapeDesc, b: ShapeDesc, param: f64) -> i32 {
    let dim = u8::try_from(dim).unwrap_or(0);
    match run_dim::<T>(dim, query, &a, &b, param) {
        Ok(o) => {
            store(&o);
            i32::from(o.hit)
        }
        Err(e) => e.code(),
    }
}

/// Defines the four query exports for one precision.
macro_rules! exports {
    ($t:ty, $intersects:ident, $distance:ident, $penetration:ident, $contact:ident) => {
        /// `intersects(A, B)`: 1 or 0.
        #[unsafe(no_mangle)]
        #[allow(clippy::too_many_arguments)]
        pub extern "C" fn $intersects(
            dim: u32,
            ka: u32,
            a0: $t,
            a1: $t,
            a2: $t,
            a3: $t,
            a4: $t,
            a5: $t,
            a6: $t,
            kb: u32,
            b0: $t,
            b1: $t,
            b2: $t,
            b3: $t,
            b4: $t,
            b5: $t,
            b6: $t,
        ) -> i32 {
            let a = shape(ka, [a0, a1, a2, a3, a4, a5, a6].map(f64::from));
            let b = shape(kb, [b0, b1, b2, b3, b4, b5, b6].map(f64::from));
            answer::<$t>(INTERSECTS, dim, a, b, 0.0)
        }

        /// `distance(A, B)`: 1, with the distance and witness points in [`result`].
        #[unsafe(no_mangle)]
        #[allow(clippy::too_many_arguments)]
        pub extern "C" fn $distance(
            dim: u32,
            ka: u32,
            a0: $t,
            a1: $t,
            a2: $t,
            a3: $t,
            a4: $t,
            a5: $t,
            a6: $t,
            kb: u32,
            b0: $t,
            b1: $t,
            b2: $t,
            b3: $t,
            b4: $t,
            b5: $t,
            b6: $t,
        ) -> i32 {
            let a = shape(ka, [a0, a1, a2, a3, a4, a5, a6].map(f64::from));
            let b = shape(kb, [b0, b1, b2, b3, b4, b5, b6].map(f64::from));
            answer::<$t>(DISTANCE, dim, a, b, 0.0)
        }

        /// `penetration(A, B)`: 1 with depth, normal and points, or 0 when apart.
        #[unsafe(no_mangle)]
        #[allow(clippy::too_many_arguments)]
        pub extern "C" fn $penetration(
            dim: u32,
            ka: u32,
            a0: $t,
            a1: $t,
            a2: $t,
            a3: $t,
            a4: $t,
            a5: $t,
            a6: $t,
            kb: u32,
            b0: $t,
            b1: $t,
            b2: $t,
            b3: $t,
            b4: $t,
            b5: $t,
            b6: $t,
        ) -> i32 {
            let a = shape(ka, [a0, a1, a2, a3, a4, a5, a6].map(f64::from));
            let b = shape(kb, [b0, b1, b2, b3, b4, b5, b6].map(f64::from));
            answer::<$t>(PENETRATION, dim, a, b, 0.0)
        }

        /// `contact(A, B, max_separation)`: 1 with signed distance, normal and
        /// points, or 0 beyond `max_separation`.
        #[unsafe(no_mangle)]
        #[allow(clippy::too_many_arguments)]
        pub extern "C" fn $contact(
            dim: u32,
            ka: u32,
            a0: $t,
            a1: $t,
            a2: $t,
            a3: $t,
            a4: $t,
            a5: $t,
            a6: $t,
            kb: u32,
            b0: $t,
            b1: $t,
            b2: $t,
            b3: $t,
            b4: $t,
            b5: $t,
            b6: $t,
            max_separation: $t,
        ) -> i32 {
            let a = shape(ka, [a0, a1, a2, a3, a4, a5, a6].map(f64::from));
            let b = shape(kb, [b0, b1, b2, b3, b4, b5, b6].map(f64::from));
            answer::<$t>(CONTACT, dim, a, b, f64::from(max_separation))
        }
    };
}

exports!(
    f64,
    intersects_f64,
    distance_f64,
    penetration_f64,
    contact_f64
);
exports!(
    f32,
    intersects_f32,
    distance_f32,
    penetration_f32,
    contact_f32
);

#[cfg(target_arch = "wasm32")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}
