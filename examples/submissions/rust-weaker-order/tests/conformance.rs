//! The shared conformance suite, run on this submission's solver.
queens_conformance::suite!(rust_weaker_order::solver());
