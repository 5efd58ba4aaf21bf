//! The grader's tests, run on its binary as a teacher runs it: the examples
//! graded as they should be, every report written from one run and read
//! back, a hostile class folder listed as it is, and the isolation that
//! keeps a run alive whatever a submission does.

mod class;
mod examples;
mod hostile;
mod isolation;
mod leftovers;
mod reports;
mod support;
