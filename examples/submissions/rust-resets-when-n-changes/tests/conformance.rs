//! The shared conformance suite, run on this submission's solver.
queens_conformance::suite!(rust_resets_when_n_changes::solver());
