//! Poses, and a pair of shapes placed by them.
//!
//! A 2D pose is `[x, y, angle]` (radians, counter-clockwise) or `[x, y]`;
//! a 3D pose is `[x, y, z, qx, qy, qz, qw]` (a translation and a rotation
//! quaternion, normalised here; three.js's `Quaternion` order) or
//! `[x, y, z]`. A non-finite pose makes the query throw the crate's
//! non-finite error; a zero quaternion is refused too.

use gjk::nalgebra::{
    Isometry2, Isometry3, Quaternion, SVector, Translation3, UnitQuaternion, Vector2,
};
use gjk::Transformed;

use crate::failure::Failure;
use crate::kind::Kind;
use crate::shape::{Inner, Shape};

/// A 2D shape placed by a pose.
pub type Placed2<'s> = Transformed<&'s Kind<2>, f64, 2>;
/// A 3D shape placed by a pose.
pub type Placed3<'s> = Transformed<&'s Kind<3>, f64, 3>;

/// Two shapes of one dimension, each placed by its pose.
pub enum Pair<'s> {
    /// Two 2D shapes.
    Two(Placed2<'s>, Placed2<'s>),
    /// Two 3D shapes.
    Three(Placed3<'s>, Placed3<'s>),
}

/// A shape placed by its pose, either dimension.
pub enum One<'s> {
    /// A 2D shape.
    Two(Placed2<'s>),
    /// A 3D shape.
    Three(Placed3<'s>),
}

const POSE2: &str = "a 2D pose is [x, y, angle] or [x, y]";
const POSE3: &str = "a 3D pose is [x, y, z, qx, qy, qz, qw] or [x, y, z]";
const ZERO: &str = "a 3D pose's quaternion is zero";
const MIXED: &str = "the two shapes are of different dimensions";
const VECTOR: &str = "a vector has as many coordinates as the shape's dimension";

/// Refuses a pose with a non-finite number (the crate's error).
fn finite(pose: &[f64]) -> Result<(), Failure> {
    if pose.iter().all(|x| x.is_finite()) {
        Ok(())
    } else {
        Err(Failure::Query(gjk::Error::NonFinite))
    }
}

/// The 2D isometry of `pose`.
pub fn isometry2(pose: &[f64]) -> Result<Isometry2<f64>, Failure> {
    finite(pose)?;
    match *pose {
        [x, y, angle] => Ok(Isometry2::new(Vector2::new(x, y), angle)),
        [x, y] => Ok(Isometry2::translation(x, y)),
        _ => Err(Failure::Input(POSE2)),
    }
}

/// The 3D isometry of `pose`.
pub fn isometry3(pose: &[f64]) -> Result<Isometry3<f64>, Failure> {
    finite(pose)?;
    match *pose {
        [x, y, z, qx, qy, qz, qw] => {
            let q = Quaternion::new(qw, qx, qy, qz);
            let q = UnitQuaternion::try_new(q, f64::MIN_POSITIVE).ok_or(Failure::Input(ZERO))?;
            Ok(Isometry3::from_parts(Translation3::new(x, y, z), q))
        }
        [x, y, z] => Ok(Isometry3::translation(x, y, z)),
        _ => Err(Failure::Input(POSE3)),
    }
}

/// A vector of dimension `D` from `v`.
pub fn vector<const D: usize>(v: &[f64]) -> Result<SVector<f64, D>, Failure> {
    if v.len() != D {
        return Err(Failure::Input(VECTOR));
    }
    Ok(SVector::<f64, D>::from_fn(|i, _| v[i]))
}

/// `shape` placed by `pose`.
pub fn one<'s>(shape: &'s Shape, pose: &[f64]) -> Result<One<'s>, Failure> {
    Ok(match shape.inner() {
        Inner::Two(s) => One::Two(Transformed::from_isometry2(s, &isometry2(pose)?)),
        Inner::Three(s) => One::Three(Transformed::from_isometry3(s, &isometry3(pose)?)),
    })
}

/// `a` and `b` placed by their poses; they must be of one dimension.
pub fn pair<'s>(
    a: &'s Shape,
    pose_a: &[f64],
    b: &'s Shape,
    pose_b: &[f64],
) -> Result<Pair<'s>, Failure> {
    match (one(a, pose_a)?, one(b, pose_b)?) {
        (One::Two(a), One::Two(b)) => Ok(Pair::Two(a, b)),
        (One::Three(a), One::Three(b)) => Ok(Pair::Three(a, b)),
        _ => Err(Failure::Input(MIXED)),
    }
}

/// Runs `$body` on the two placed shapes of a [`Pair`], bound to `$a` and
/// `$b`, in whichever dimension they are (the body is generic code,
/// instantiated once per dimension).
#[macro_export]
macro_rules! on_pair {
    ($pair:expr, |$a:ident, $b:ident| $body:expr) => {
        match $pair {
            $crate::pose::Pair::Two($a, $b) => $body,
            $crate::pose::Pair::Three($a, $b) => $body,
        }
    };
}

/// Runs `$body` on one placed shape, bound to `$s`, in its dimension.
#[macro_export]
macro_rules! on_one {
    ($one:expr, |$s:ident| $body:expr) => {
        match $one {
            $crate::pose::One::Two($s) => $body,
            $crate::pose::One::Three($s) => $body,
        }
    };
}
