//! Every registered solver is compared, with no edit of the lab: `cargo
//! xtask compare`'s agenda and report take their solvers from the registry.
//! `.ci/run` runs this test again with the registry's example solver
//! registered (queens-solvers' feature `example-solver`), which then has
//! its row and its counts like the workspace's own.

use std::time::Duration;

use queens_core::oeis;
use queens_lab::compare::agenda::{Request, plan};
use queens_lab::compare::measure::compare;
use queens_lab::compare::report::CompareMode;

#[test]
fn every_solver_that_finds_all_is_compared_and_counts_right() {
    let agenda = plan(&Request {
        sizes: vec![5, 6],
        solvers: Vec::new(),
        modes: vec![CompareMode::Count],
        large: false,
        runs: 1,
        time_limit: Duration::from_secs(5),
    })
    .expect("a comparison of small boards is planned");
    let report = compare(&agenda);
    let compared: Vec<&str> = report
        .solvers
        .iter()
        .map(|solver| solver.name.as_str())
        .collect();
    let registered: Vec<&str> = queens_solvers::FINDS_ALL
        .iter()
        .map(|solver| solver.info().name)
        .collect();
    assert_eq!(compared, registered);
    for row in &report.tables[0].rows {
        for cell in &row.cells {
            let finished = cell.outcome.finished().expect("a small board is counted");
            assert_eq!(
                Some(finished.figures.solutions),
                oeis::solution_count(row.n),
                "{} at n = {}",
                cell.algorithm,
                row.n
            );
        }
    }
}
