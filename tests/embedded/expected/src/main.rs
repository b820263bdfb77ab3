//! Writes the embedded suite: `generated/cases.rs` (for the firmware) and
//! `generated/cases.mjs` (for the Node runner).
//!
//! Every expected answer below is a closed-form expression (the geometry is
//! chosen so that the closest or deepest points are unique, or only the
//! unique components are checked), evaluated here in `f64`. Before writing,
//! each case is run through gjk on the host in `f64` and `f32`; the generator
//! refuses to write a table the host build itself disagrees with.
//!
//! Run from the repository root:
//! `cargo run --release --manifest-path tests/embedded/expected/Cargo.toml`

use std::f64::consts::{FRAC_PI_4, SQRT_2};
use std::fmt::Write as _;
use std::path::Path;

use gjk_embedded_suite::{
    check, run_dim, Case, Expect, ShapeDesc, BALL, BOX, CAPSULE, CONTACT, DISTANCE, INTERSECTS,
    PENETRATION, SIMPLEX, TOL_F32, TOL_F64,
};

fn ball(c: [f64; 3], r: f64) -> ShapeDesc {
    ShapeDesc {
        kind: BALL,
        p: [c[0], c[1], c[2], r, 0.0, 0.0, 0.0],
    }
}

fn cuboid(h: [f64; 3], t: [f64; 3], angle: f64) -> ShapeDesc {
    ShapeDesc {
        kind: BOX,
        p: [h[0], h[1], h[2], t[0], t[1], t[2], angle],
    }
}

fn capsule(a: [f64; 3], b: [f64; 3], r: f64) -> ShapeDesc {
    ShapeDesc {
        kind: CAPSULE,
        p: [a[0], a[1], a[2], b[0], b[1], b[2], r],
    }
}

fn simplex(s: f64, t: [f64; 3]) -> ShapeDesc {
    ShapeDesc {
        kind: SIMPLEX,
        p: [s, t[0], t[1], t[2], 0.0, 0.0, 0.0],
    }
}

const Z: [f64; 3] = [0.0; 3];

fn yes() -> Expect {
    Expect {
        hit: true,
        value: 0.0,
        normal: Z,
        a: Z,
        b: Z,
        mask_normal: 0,
        mask_a: 0,
        mask_b: 0,
    }
}

fn no() -> Expect {
    Expect {
        hit: false,
        ..yes()
    }
}

/// Value, normal and both points fully checked (components up to `dim`).
fn full(dim: u8, value: f64, normal: [f64; 3], a: [f64; 3], b: [f64; 3]) -> Expect {
    let m = (1u8 << dim) - 1;
    Expect {
        hit: true,
        value,
        normal,
        a,
        b,
        mask_normal: m,
        mask_a: m,
        mask_b: m,
    }
}

fn case(name: &'static str, dim: u8, query: u8, a: ShapeDesc, b: ShapeDesc, e: Expect) -> Case {
    Case {
        name,
        dim,
        query,
        param: 0.0,
        a,
        b,
        expect: e,
    }
}

#[rustfmt::skip]
fn cases() -> Vec<Case> {
    let s29 = 29f64.sqrt();
    let s3 = 3f64.sqrt();
    let unit = [1.0, 1.0, 1.0];
    let mut v = vec![
        // 2D. Unit box, ball 0.6 at (1.5, 0.3): the ball reaches x = 0.9 < 1.
        case("2d intersects box/ball", 2, INTERSECTS,
            cuboid(unit, Z, 0.0), ball([1.5, 0.3, 0.0], 0.6), yes()),
        // Ball 0.9 at (2, 0): gap 0.1.
        case("2d intersects box/ball apart", 2, INTERSECTS,
            cuboid(unit, Z, 0.0), ball([2.0, 0.0, 0.0], 0.9), no()),
        // Triangle (0,0),(2,0),(0,2) and a ball 0.5 at (3,3): the closest
        // point of the triangle is (1,1) on the hypotenuse; d = 2√2 − 0.5.
        case("2d distance polygon/ball", 2, DISTANCE,
            simplex(2.0, Z), ball([3.0, 3.0, 0.0], 0.5),
            full(2, 2.0 * SQRT_2 - 0.5, [0.5f64.sqrt(), 0.5f64.sqrt(), 0.0],
                [1.0, 1.0, 0.0],
                [3.0 - 0.5 / SQRT_2, 3.0 - 0.5 / SQRT_2, 0.0])),
        // Unit ball at the origin, unit box turned 45° at (4,0): its corner
        // (4 − √2, 0) is closest; d = 3 − √2.
        case("2d distance ball/turned box", 2, DISTANCE,
            ball(Z, 1.0), cuboid(unit, [4.0, 0.0, 0.0], FRAC_PI_4),
            full(2, 3.0 - SQRT_2, [1.0, 0.0, 0.0], [1.0, 0.0, 0.0], [4.0 - SQRT_2, 0.0, 0.0])),
        // Triangle (−1,0),(1,0),(−1,2) on a slab y ∈ [−0.9, 0.1]: lifting
        // the triangle 0.1 (B down) separates; normal (0,−1) from A to B.
        case("2d penetration polygon/box (EPA)", 2, PENETRATION,
            simplex(2.0, [-1.0, 0.0, 0.0]), cuboid([2.0, 0.5, 0.0], [0.0, -0.4, 0.0], 0.0),
            Expect { mask_normal: 0b11, mask_a: 0b10, mask_b: 0b10,
                ..full(2, 0.1, [0.0, -1.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.1, 0.0]) }),
        // Unit balls 1.5 apart: 0.5 deep, no EPA (cores apart).
        Case { param: 0.1, ..case("2d contact ball/ball", 2, CONTACT,
            ball(Z, 1.0), ball([1.5, 0.0, 0.0], 1.0),
            full(2, -0.5, [1.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.5, 0.0, 0.0])) },
        // 3D. Unit cube and a unit cube turned 45° about z at x = 2.4: its
        // edge reaches x = 2.4 − √2 ≈ 0.986 < 1.
        case("3d intersects box/turned box", 3, INTERSECTS,
            cuboid(unit, Z, 0.0), cuboid(unit, [2.4, 0.0, 0.0], FRAC_PI_4), yes()),
        // At x = 2.5 the edge is at 1.086: apart.
        case("3d intersects box/turned box apart", 3, INTERSECTS,
            cuboid(unit, Z, 0.0), cuboid(unit, [2.5, 0.0, 0.0], FRAC_PI_4), no()),
        // Unit cube, ball 0.5 at (3,4,5): closest corner (1,1,1), offset
        // (2,3,4); d = √29 − 0.5.
        case("3d distance box/ball", 3, DISTANCE,
            cuboid(unit, Z, 0.0), ball([3.0, 4.0, 5.0], 0.5),
            full(3, s29 - 0.5, [2.0 / s29, 3.0 / s29, 4.0 / s29], unit,
                [3.0 - 1.0 / s29, 4.0 - 1.5 / s29, 5.0 - 2.0 / s29])),
        // Crossed capsules: axis x at z = 0 (r 0.25) and axis y at z = 2
        // (r 0.5); d = 2 − 0.75.
        case("3d distance capsule/capsule", 3, DISTANCE,
            capsule([-1.0, 0.0, 0.0], [1.0, 0.0, 0.0], 0.25),
            capsule([0.0, -1.0, 2.0], [0.0, 1.0, 2.0], 0.5),
            full(3, 1.25, [0.0, 0.0, 1.0], [0.0, 0.0, 0.25], [0.0, 0.0, 1.5])),
        // Corner tetrahedron and a ball 0.1 at (1,1,1): the closest point is
        // the face centroid (1/3,1/3,1/3); d = 2/√3 − 0.1.
        case("3d distance hull/ball", 3, DISTANCE,
            simplex(1.0, Z), ball(unit, 0.1),
            full(3, 2.0 / s3 - 0.1, [1.0 / s3; 3], [1.0 / 3.0; 3], [1.0 - 0.1 / s3; 3])),
        // Unit ball, unit cube turned 45° about z at x = 3: the vertical
        // edge x = 3 − √2 is closest; d = 2 − √2.
        case("3d distance ball/turned box", 3, DISTANCE,
            ball(Z, 1.0), cuboid(unit, [3.0, 0.0, 0.0], FRAC_PI_4),
            full(3, 2.0 - SQRT_2, [1.0, 0.0, 0.0], [1.0, 0.0, 0.0], [3.0 - SQRT_2, 0.0, 0.0])),
        // Unit cube, half cube at (1.3, 0.2, −0.1): pushing B +x by 0.2 is
        // the shortest way out (y needs 1.3, z 1.4).
        case("3d penetration box/box (EPA)", 3, PENETRATION,
            cuboid(unit, Z, 0.0), cuboid([0.5; 3], [1.3, 0.2, -0.1], 0.0),
            Expect { mask_a: 0b001, mask_b: 0b001,
                ..full(3, 0.2, [1.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.8, 0.0, 0.0]) }),
        // Corner tetrahedron (edge 2), unit cube at (−0.9, 0.5, 0.5): B pokes
        // 0.1 into x ≥ 0; other ways out need 1.5 or more.
        case("3d penetration hull/box (EPA)", 3, PENETRATION,
            simplex(2.0, Z), cuboid(unit, [-0.9, 0.5, 0.5], 0.0),
            Expect { mask_a: 0b001, mask_b: 0b001,
                ..full(3, 0.1, [-1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.1, 0.0, 0.0]) }),
        // Cubes apart: no penetration.
        case("3d penetration apart", 3, PENETRATION,
            cuboid(unit, Z, 0.0), cuboid(unit, [2.5, 0.0, 0.0], 0.0), no()),
        // Floor slab (half height 0.5) and a unit ball at height 1.2: 0.3 deep.
        Case { param: 0.1, ..case("3d contact slab/ball", 3, CONTACT,
            cuboid([2.0, 2.0, 0.5], Z, 0.0), ball([0.3, 0.2, 1.2], 1.0),
            full(3, -0.3, [0.0, 0.0, 1.0], [0.3, 0.2, 0.5], [0.3, 0.2, 0.2])) },
        // Unit cube, unit ball at z = 2.5: 0.5 apart, within 1.0.
        Case { param: 1.0, ..case("3d contact box/ball apart", 3, CONTACT,
            cuboid(unit, Z, 0.0), ball([0.0, 0.0, 2.5], 1.0),
            full(3, 0.5, [0.0, 0.0, 1.0], [0.0, 0.0, 1.0], [0.0, 0.0, 1.5])) },
        // The same beyond a 0.25 query distance: no contact.
        Case { param: 0.25, ..case("3d contact beyond range", 3, CONTACT,
            cuboid(unit, Z, 0.0), ball([0.0, 0.0, 2.5], 1.0), no()) },
    ];
    // Touching counts as intersecting: the 2D ball just reaching the box.
    v.push(case("2d intersects touching", 2, INTERSECTS,
        cuboid(unit, Z, 0.0), ball([2.0, 0.0, 0.0], 1.0), yes()));
    v
}

fn rust_f(x: f64) -> String {
    format!("{x:?}_f64")
}

fn rust_v(v: &[f64]) -> String {
    let parts: Vec<String> = v.iter().map(|x| format!("{x:?}")).collect();
    format!("[{}]", parts.join(", "))
}

fn shape_rs(s: &ShapeDesc) -> String {
    format!("ShapeDesc {{ kind: {}, p: {} }}", s.kind, rust_v(&s.p))
}

fn shape_js(s: &ShapeDesc) -> String {
    format!("{{ kind: {}, p: {} }}", s.kind, rust_v(&s.p))
}

const HEADER: &str = "Generated by `cargo run --release --manifest-path \
tests/embedded/expected/Cargo.toml` from closed-form answers (see \
tests/embedded/expected/src/main.rs); do not edit.";

fn main() {
    let cases = cases();
    let mut failed = false;
    for c in &cases {
        for (tol, wide) in [(TOL_F64, true), (TOL_F32, false)] {
            let out = if wide {
                run_dim::<f64>(c.dim, c.query, &c.a, &c.b, c.param)
            } else {
                run_dim::<f32>(c.dim, c.query, &c.a, &c.b, c.param)
            };
            let verdict = match out {
                Ok(o) => check(c, &o, tol).map(|m| format!("{m:?}")),
                Err(e) => Some(format!("{e:?}")),
            };
            if let Some(m) = verdict {
                eprintln!(
                    "host disagrees on {:?} ({}): {m}",
                    c.name,
                    if wide { "f64" } else { "f32" }
                );
                failed = true;
            }
        }
    }
    if failed {
        std::process::exit(1);
    }

    let mut rs = format!("// {HEADER}\n\n/// The embedded suite (angles are printed in full, not named).\n#[allow(clippy::approx_constant)]\npub const CASES: &[Case] = &[\n");
    let mut js = format!("// {HEADER}\n\nexport const TOL_F64 = {TOL_F64:?};\nexport const TOL_F32 = {TOL_F32:?};\n\nexport const CASES = [\n");
    for c in &cases {
        let e = &c.expect;
        writeln!(
            rs,
            "    Case {{\n        name: {:?},\n        dim: {},\n        query: {},\n        param: {},\n        a: {},\n        b: {},\n        expect: Expect {{\n            hit: {},\n            value: {},\n            normal: {},\n            a: {},\n            b: {},\n            mask_normal: {:#05b},\n            mask_a: {:#05b},\n            mask_b: {:#05b},\n        }},\n    }},",
            c.name, c.dim, c.query, rust_f(c.param), shape_rs(&c.a), shape_rs(&c.b), e.hit,
            rust_f(e.value), rust_v(&e.normal), rust_v(&e.a), rust_v(&e.b),
            e.mask_normal, e.mask_a, e.mask_b
        )
        .unwrap();
        writeln!(
            js,
            "  {{ name: {:?}, dim: {}, query: {}, param: {:?}, a: {}, b: {},\n    expect: {{ hit: {}, value: {:?}, normal: {}, a: {}, b: {}, maskNormal: {}, maskA: {}, maskB: {} }} }},",
            c.name, c.dim, c.query, c.param, shape_js(&c.a), shape_js(&c.b), e.hit, e.value,
            rust_v(&e.normal), rust_v(&e.a), rust_v(&e.b), e.mask_normal, e.mask_a, e.mask_b
        )
        .unwrap();
    }
    rs.push_str("];\n");
    js.push_str("];\n");
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated");
    std::fs::write(out.join("cases.rs"), rs).unwrap();
    std::fs::write(out.join("cases.mjs"), js).unwrap();
    println!(
        "{} cases agree with the host build in f64 and f32; wrote {}",
        cases.len(),
        out.display()
    );
}
