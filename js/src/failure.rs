//! Why a call failed: the crate's query error, its shape error, or input
//! the package itself refuses (a pose or point list of the wrong length,
//! shapes of two dimensions). Thrown to JavaScript as an `Error` whose
//! message is the [`Display`](core::fmt::Display) text.

use core::fmt;

/// Why a call failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// A query refused: [`gjk::Error`]'s message.
    Query(gjk::Error),
    /// A shape could not be made: [`gjk::ShapeError`]'s message.
    Shape(gjk::ShapeError),
    /// The arguments do not fit together.
    Input(&'static str),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Query(e) => e.fmt(f),
            Self::Shape(e) => e.fmt(f),
            Self::Input(why) => f.write_str(why),
        }
    }
}

impl core::error::Error for Failure {}

impl From<gjk::Error> for Failure {
    fn from(e: gjk::Error) -> Self {
        Self::Query(e)
    }
}

impl From<gjk::ShapeError> for Failure {
    fn from(e: gjk::ShapeError) -> Self {
        Self::Shape(e)
    }
}
