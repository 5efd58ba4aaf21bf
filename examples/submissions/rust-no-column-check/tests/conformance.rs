//! The shared conformance suite, run on this submission's solver.
queens_conformance::suite!(rust_no_column_check::solver());
