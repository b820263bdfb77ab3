//! Traced queries (`src/trace`) and the SVG pictures drawn from them.

mod steps;
mod svg;
