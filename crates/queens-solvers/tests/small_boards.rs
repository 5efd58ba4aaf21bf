//! On the smallest boards the statistics and the clock disagree, and the
//! docs say so with these figures (docs/algorithms.md, "What separates the
//! backtracking solvers"): at n = 4 the lookup solver reads the most cells
//! of the three seed backtrackers and is still the fastest, because a
//! search of 16 queens is mostly its fixed costs. The figures are checked
//! here so that the page cannot drift from the solvers.

use queens_core::modes::{self, Mode, Query};
use queens_core::{Instrument, Problem, Stats};

/// The statistics of counting every solution of `n` queens with `name`.
fn counted(name: &str, n: usize) -> Stats {
    let solver = queens_solvers::by_name(name).expect("a registered solver");
    let query = Query {
        mode: Mode::Count,
        unique: false,
    };
    modes::answer(solver, &Problem::new(n), query, Instrument::Counted)
        .expect("n = 4 is in range")
        .stats
        .expect("a counted run keeps statistics")
}

#[test]
fn at_n_4_lookup_reads_the_most_cells_of_the_seed_backtrackers() {
    let cells = |name| counted(name, 4).cells_read;
    assert_eq!(
        [cells("matrix"), cells("array"), cells("lookup")],
        [165, 112, 180]
    );
    for name in ["matrix", "array", "lookup"] {
        let stats = counted(name, 4);
        assert_eq!(
            (stats.queens_placed, stats.safety_checks),
            (16, 60),
            "{name}"
        );
    }
}
