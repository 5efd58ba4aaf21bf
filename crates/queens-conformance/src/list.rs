//! The list of checks, written once, and what is generated from it: the
//! [`CHECKS`] a grader runs, and the tests [`suite!`](crate::suite!) declares
//! in any crate, one per check. Both read the same list, so they cannot drift
//! apart.
//!
//! Every macro here is exported, since the tests are declared in the
//! calling crate, and names the rest of the suite by `$crate` paths (the
//! [`Check`](crate::Check), its [`Group`](crate::Group) and
//! [`Applies`](crate::Applies), the functions in [`checks`](crate::checks)),
//! so this module imports nothing.

/// The list of checks, the single source both [`CHECKS`] and
/// [`suite!`](crate::suite!) are generated from: each check's name (its
/// function in [`checks`](crate::checks)), its [`Group`](crate::Group), the
/// solvers it [`Applies`](crate::Applies) to and a one-line description. It
/// hands the list to the macro named by its `$callback`, together with that
/// macro's own arguments.
#[doc(hidden)]
#[macro_export]
macro_rules! __for_each_check {
    ($callback:ident ! ($($arguments:tt)*)) => {
        $crate::$callback! {
            ($($arguments)*)
            solutions_are_valid: Correctness, FindsAll,
                "Every emitted placement is a valid solution of its problem.",
            no_duplicates: Correctness, FindsAll,
                "No placement is emitted twice for one problem.",
            output_format: Correctness, Every,
                "Every answer is written as the protocol says: no stray line, no text around a solution.",
            counts_match_oeis: Correctness, FindsAll,
                "The number of solutions equals OEIS A000170 for n = 0..=counts_to.",
            solution_sets_match_reference: Correctness, FindsAll,
                "The set of solutions equals the reference's for n = 0..=sets_to.",
            unique_counts_match_oeis: Correctness, FindsAll,
                "The number of fundamental solutions equals OEIS A002562 for n = 0..=counts_to.",
            fundamental_solutions_match: Correctness, FindsAll,
                "The fundamental solutions of eight queens are the 12 of the known table, exactly.",
            order_is_documented: Correctness, FindsAll,
                "Solutions come in the solver's documented order.",
            first_queen_fixed_boards: Correctness, FindsAll,
                "The eight boards of eight queens with the first queen fixed in each column: the right first solution and the right set.",
            preplaced_edge_cases: Correctness, FindsAll,
                "Pre-placed queens in the last row, the last column, everywhere, or leaving no solution.",
            bad_input_is_refused: Correctness, Every,
                "Inconsistent pre-placed queens and boards past max_n are refused with the exact error.",
            stops_when_asked: Correctness, FindsAll,
                "A sink that answers Break after k solutions gets exactly k.",
            random_problems_match_reference: Correctness, FindsAll,
                "Random problems with pre-placed queens, drawn from the run's seed, match the reference (proptest, shrunk).",
            reused_solver_agrees: Correctness, FindsAll,
                "One solver object asked many problems, each search stopped early followed by problems of its size, answers each as a fresh one does.",
            first_solution_is_valid: Correctness, FindsOne,
                "The one solution found is valid for n = 4..=200 and sampled larger boards.",
            small_boards_as_the_model_says: Correctness, FindsOne,
                "n = 0 and 1 have their one solution, n = 2 and 3 none.",
            counting_and_listing_are_refused: Correctness, FindsOne,
                "Counting, listing and fundamental solutions are refused with the exact error.",
            preplaced_queens_kept_or_refused: Correctness, FindsOne,
                "Pre-placed queens are kept in a valid solution, or refused when the solver says it cannot keep them.",
            stops_at_any_node: Instrumentation, Every,
                "An observer that answers Break when a queen is placed hears nothing more.",
            progress_reaches_the_end: Instrumentation, FindsAll,
                "Progress through the top-level branches never goes back and ends complete.",
            statistics_are_consistent: Instrumentation, FindsAll,
                "Counted, observed and silent runs agree, and the statistics are plausible.",
        }
    };
}

/// Generates [`CHECKS`] from the list of [`__for_each_check`].
#[doc(hidden)]
#[macro_export]
macro_rules! __define_checks {
    (() $($name:ident: $group:ident, $applies:ident, $description:literal,)*) => {
        /// Every check of the suite, in the order [`run_all`](crate::run_all)
        /// runs them and [`suite!`](crate::suite!) declares their tests.
        pub static CHECKS: &[$crate::Check] = &[$(
            $crate::Check {
                name: stringify!($name),
                group: $crate::Group::$group,
                applies: $crate::Applies::$applies,
                description: $description,
                run: $crate::checks::$name,
            },
        )*];
    };
}

__for_each_check!(__define_checks!());

/// Generates the test module of [`suite!`](crate::suite!) from the list of
/// [`__for_each_check`]; `$instrumented` is `yes` or `no`.
#[doc(hidden)]
#[macro_export]
macro_rules! __suite_module {
    (($instrumented:ident, $module:ident, $solver:expr, $scope:expr) $($name:ident: $group:ident, $applies:ident, $description:literal,)*) => {
        /// The shared conformance suite of `queens-conformance`, one test per
        /// check.
        mod $module {
            #[allow(unused_imports)]
            use super::*;

            /// The names of the checks tested here, in order.
            #[allow(dead_code)]
            pub(super) const CHECK_NAMES: &[&str] = &[$(stringify!($name),)*];

            $(
                $crate::__check_test! {
                    $instrumented, $group,
                    #[doc = $description]
                    #[test]
                    fn $name() {
                        $crate::assert_passes(
                            $crate::find_check(stringify!($name)).expect("every listed check exists"),
                            &|| -> ::std::boxed::Box<dyn $crate::__Solver> {
                                ::std::boxed::Box::new($solver)
                            },
                            &$scope,
                        );
                    }
                }
            )*
        }
    };
}

/// One test of [`suite!`](crate::suite!): an instrumentation check's test is
/// ignored (listed, with the reason, and run by `cargo test --
/// --include-ignored`) unless the suite was declared `#[instrumentation]`.
#[doc(hidden)]
#[macro_export]
macro_rules! __check_test {
    (no, Instrumentation, $($test:tt)*) => {
        #[ignore = "instrumentation: graded only when the assignment weighs it; \
                    `suite!(#[instrumentation] ...)` or `cargo test -- --include-ignored` runs it"]
        $($test)*
    };
    ($instrumented:ident, $group:ident, $($test:tt)*) => {
        $($test)*
    };
}

/// Declares the whole conformance suite as tests of the calling crate: a
/// module with one `#[test]` per check, named after the check, failing with
/// the check's message.
///
/// The argument is an expression whose value implements
/// [`Solver`](queens_core::Solver) (every [`Search`](queens_core::Search)
/// does); it is evaluated inside the module, which imports everything of the
/// module the macro is called in, once for each solver object a check makes
/// (the check of a reused solver compares one object with fresh ones).
///
/// ```text
/// #[cfg(test)]
/// queens_conformance::suite!(#[instrumentation] ArrayBacktracking);
/// ```
///
/// **Which checks run.** The correctness checks always do. The instrumentation
/// checks ([`Group::Instrumentation`](crate::Group::Instrumentation):
/// statistics, progress, stopping at any node) run only when the suite is
/// declared `#[instrumentation]`, as every solver of this workspace is;
/// otherwise their tests are ignored, with the reason, so that a correct solver
/// written by hand (which reports no statistics) is green in `cargo test`
/// exactly when the default assignment, which weighs instrumentation 0, gives
/// it full marks. `cargo test -- --include-ignored` runs them anyway.
///
/// The module is called `conformance`; name it yourself to run the suite on
/// two solvers in one module:
///
/// ```text
/// #[cfg(test)]
/// queens_conformance::suite!(student_conformance => StudentSolver::new());
/// ```
///
/// The checks count to n = 13 and list whole sets to n = 8, whatever the solver
/// declares, with a fresh random seed per run
/// ([`Scope::for_this_run`](crate::Scope::for_this_run)). A solver that is slow
/// by design narrows the range in its own tests, in plain sight:
///
/// ```text
/// queens_conformance::suite!(#[instrumentation] conformance => NaiveCombinations,
///     queens_conformance::Scope::for_this_run().counting_to(7).listing_to(7));
/// ```
#[macro_export]
macro_rules! suite {
    (#[instrumentation] $($rest:tt)*) => {
        $crate::__suite!(yes; $($rest)*);
    };
    ($($rest:tt)*) => {
        $crate::__suite!(no; $($rest)*);
    };
}

/// The forms of [`suite!`](crate::suite!), after its attribute; `$instrumented`
/// is `yes` or `no`.
#[doc(hidden)]
#[macro_export]
macro_rules! __suite {
    ($instrumented:ident; $module:ident => $solver:expr, $scope:expr) => {
        $crate::__for_each_check!(__suite_module!($instrumented, $module, $solver, $scope));
    };
    ($instrumented:ident; $module:ident => $solver:expr) => {
        $crate::__suite!($instrumented; $module => $solver, $crate::Scope::for_this_run());
    };
    ($instrumented:ident; $solver:expr) => {
        $crate::__suite!($instrumented; conformance => $solver);
    };
}
