//! The grader's tests, run on its binary as a teacher runs it: the examples
//! graded as they should be, and the isolation that keeps a run alive
//! whatever a submission does.

mod examples;
mod isolation;
mod support;
