//! The grader's tests, run on its binary as a teacher runs it: the examples
//! graded as they should be, the assignment binding every submission,
//! every report written from one run and read back, a hostile class folder
//! listed as it is, every layout of a program graded as one, a warm folder
//! built ahead, and the isolation that keeps a run alive whatever a
//! submission does.

mod assignment;
mod class;
mod examples;
mod hostile;
mod isolation;
mod layouts;
mod leftovers;
mod reports;
mod support;
mod warm;
