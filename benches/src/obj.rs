//! A reader for the vertex lines of Wavefront OBJ files.
//!
//! Only `v x y z [w]` lines are read; every other line (comments, normals,
//! texture coordinates, faces, groups, materials) is skipped, which is all a
//! convex hull needs. A homogeneous `w` other than 1 divides the position.

use std::fmt;
use std::path::Path;

use gjk::nalgebra::Vector3;

/// Why an OBJ text could not be read.
#[derive(Debug)]
pub enum ObjError {
    /// The file could not be read.
    Io(std::io::Error),
    /// A `v` line without three numbers, or with a coordinate that is not a
    /// finite number; the line number counts from 1.
    BadVertex(usize),
    /// No vertex line at all.
    NoVertices,
}

impl fmt::Display for ObjError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(e) => write!(f, "cannot read the file: {e}"),
            Self::BadVertex(line) => write!(f, "line {line}: malformed vertex"),
            Self::NoVertices => write!(f, "no vertex line"),
        }
    }
}

impl std::error::Error for ObjError {}

/// The vertex positions of an OBJ text, in file order (duplicates kept).
pub fn parse_vertices(text: &str) -> Result<Vec<Vector3<f64>>, ObjError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        if words.next() != Some("v") {
            continue;
        }
        let numbers: Vec<f64> = words
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| ObjError::BadVertex(i + 1))?;
        let (xyz, w) = match numbers.as_slice() {
            [x, y, z] => ([*x, *y, *z], 1.0),
            // Some exporters append a colour (`v x y z r g b`); a fourth
            // number alone is the homogeneous weight.
            [x, y, z, w] => ([*x, *y, *z], *w),
            [x, y, z, _, _, _] => ([*x, *y, *z], 1.0),
            _ => return Err(ObjError::BadVertex(i + 1)),
        };
        let p = Vector3::from(xyz) / w;
        if !p.iter().all(|c| c.is_finite()) {
            return Err(ObjError::BadVertex(i + 1));
        }
        out.push(p);
    }
    if out.is_empty() {
        return Err(ObjError::NoVertices);
    }
    Ok(out)
}

/// The vertex positions of an OBJ file.
pub fn read_vertices(path: impl AsRef<Path>) -> Result<Vec<Vector3<f64>>, ObjError> {
    let text = std::fs::read_to_string(path).map_err(ObjError::Io)?;
    parse_vertices(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_vertex_lines_only() {
        let text = "# a comment\nmtllib x.mtl\no part\nv 1 2 3\nvn 0 0 1\nvt 0.5 0.5\n\
                    v  -1.5e-1\t0 2\nv 2 4 6 2\nf 1 2 3\n";
        let v = parse_vertices(text).unwrap();
        assert_eq!(
            v,
            vec![
                Vector3::new(1.0, 2.0, 3.0),
                Vector3::new(-0.15, 0.0, 2.0),
                Vector3::new(1.0, 2.0, 3.0),
            ]
        );
    }

    #[test]
    fn rejects_bad_input() {
        assert!(matches!(
            parse_vertices("v 1 2\n"),
            Err(ObjError::BadVertex(1))
        ));
        assert!(matches!(
            parse_vertices("f 1 2 3\nv 1 x 3\n"),
            Err(ObjError::BadVertex(2))
        ));
        assert!(matches!(
            parse_vertices("v 1 2 nan\n"),
            Err(ObjError::BadVertex(1))
        ));
        assert!(matches!(
            parse_vertices("# empty\n"),
            Err(ObjError::NoVertices)
        ));
    }
}
