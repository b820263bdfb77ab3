//! Inputs kept as data under `tests/data/`, read at compile time by
//! [`data_file!`]: plain text, one point (or one row of a box) per line,
//! its numbers separated by spaces and written in their shortest round-trip
//! form (`{:?}`), so that parsing gives back every bit; lines starting with
//! `#` are comments.

use core::fmt::Debug;
use core::str::FromStr;

use gjk::Vector;

use super::boxes::BoxParts;
use super::TestReal;

/// The text of a file under `tests/data/`, included at compile time.
macro_rules! data_file {
    ($name:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/", $name))
    };
}

/// The rows of numbers of a data file, each with its line number; comments
/// and blank lines skipped.
fn rows<T: FromStr>(text: &str) -> impl Iterator<Item = (usize, Vec<T>)> + '_
where
    T::Err: Debug,
{
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(i, line)| {
            let row = line
                .split_whitespace()
                .map(|x| {
                    x.parse()
                        .unwrap_or_else(|e| panic!("line {}: {x}: {e:?}", i + 1))
                })
                .collect();
            (i + 1, row)
        })
}

/// The points of a data file, one a line, `D` numbers each.
pub fn points<T: TestReal + FromStr, const D: usize>(text: &str) -> Vec<Vector<T, D>>
where
    T::Err: Debug,
{
    rows::<T>(text)
        .map(|(line, row)| {
            assert_eq!(row.len(), D, "line {line}: {D} numbers expected");
            Vector::<T, D>::from_column_slice(&row)
        })
        .collect()
}

/// `N` boxes (3D, `f64`), five lines each: the half-extents, the three
/// axes (the rotation's columns) and the centre.
pub fn boxes<const N: usize>(text: &str) -> [BoxParts; N] {
    let rows: Vec<[f64; 3]> = rows::<f64>(text)
        .map(|(line, row)| {
            row.try_into()
                .unwrap_or_else(|_| panic!("line {line}: 3 numbers expected"))
        })
        .collect();
    assert_eq!(rows.len(), 5 * N, "{N} boxes of five rows expected");
    core::array::from_fn(|k| {
        let r = &rows[5 * k..5 * k + 5];
        (r[0], [r[1], r[2], r[3]], r[4])
    })
}
