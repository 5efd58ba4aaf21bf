//! Bitboard backtracking, and the fast counters built on it.
//!
//! The crate has two faces. [`Bitboard`] is a solver of the model like the
//! others: every solution of a problem, pre-placed queens kept, in
//! lexicographic order, with statistics, a trace and the conformance suite.
//! The counters answer one question only, how many, as fast as the machine
//! allows: [`count_plain`], [`count_mirror`], [`count_with_symmetry`],
//! [`count_frames`] and [`count_lanes`], one technique each, and a [`WorkUnits`]
//! of work units counted on several threads.
//!
//! # From lookup arrays to words
//!
//! The lookup-array solver of seeds 003 and 004 (`queens-lookup`) keeps three
//! arrays of booleans: which columns, which `/` anti-diagonals and which
//! `\` diagonals hold a queen (seed 004's `colfree`, `upfree`, `downfree`).
//! A square is safe when its three entries say free. A bitboard packs each
//! array into a 64-bit word, bit `c` for column `c`, and keeps of the
//! diagonals only where they cross the row being filled. The row's safe
//! squares are then two `or`s, a `not` and an `and`, for all its columns at
//! once. Here is
//! row 3 of an 8×8 board below three queens (bit 0, column 0, on the left):
//!
//! ```text
//!                  column  0 1 2 3 4 5 6 7
//!   row 0                  . Q . . . . . .
//!   row 1                  . . . Q . . . .
//!   row 2                  Q . . . . . . .
//!   row 3   cols           1 1 . 1 . . . .   !colfree[c]
//!           down  (\)      . 1 . . 1 1 . .   !downfree[3 - c + 7]
//!           up    (/)      . 1 . . . . . .   !upfree[3 + c]
//!           free           . . 1 . . . 1 1   !(cols | down | up)
//! ```
//!
//! A `\` diagonal crosses each row one column further right than the row
//! above, a `/` one one column further left: a queen on column `c` of row
//! 3 gives row 4 the masks `cols | bit`, `(down | bit) << 1` and
//! `(up | bit) >> 1`, with `bit = 1 << c`. The search takes the free columns
//! left to right by the lowest set bit, `free & free.wrapping_neg()`, and
//! jumps straight from one to the next. Boards up to 64 fit in a word;
//! [`Bitboard`]'s `max_n` is 64, and every counter refuses larger boards
//! with the model's [`Error::TooLarge`](queens_core::Error::TooLarge).
//!
//! # The solver
//!
//! [`Bitboard`] is `queens-lookup`'s search with the arrays packed: the same
//! order (row-major), the same nodes, the same solutions. Its work per node
//! is not the same, and neither are its statistics: where the lookup solver
//! checks each column of a row in turn, reading three array entries per
//! column, the bitboard works out a row's open squares once, one mask from
//! [`WORDS_PER_MASK`] machine words (the taken columns and the two
//! diagonals' crossings), and takes its queens from the lowest set bit,
//! never looking at an attacked square. So a *safety check* of the bitboard
//! is one row's mask and what it reads are words, not cells: it declares
//! them ([`ReadUnit::Words`](queens_core::ReadUnit::Words)), so every view
//! and the JSON call its count *words read* (`words_read`). At
//! n = 8, 2,056 queens placed, 1,965 checks and 5,895 words read, against
//! the lookup solver's 15,720 checks and 47,160 entries, which is the gap
//! `cargo xtask compare` explains its speed by. Its trace tells the same
//! story (`mask of row 1: cols 2, 3 open`, then `place` for each bit taken,
//! `backtrack` when the mask is empty): no `reject` line, since no square
//! is rejected one by one.
//! <!-- checked: queens count 8 --stats --json | .stats.queens_placed = 2,056 -->
//! <!-- checked: queens count 8 --stats --json | .stats.safety_checks = 1,965 -->
//! <!-- checked: queens count 8 --stats --json | .stats.words_read = 5,895 -->
//! <!-- checked: queens count 8 --algo lookup --json | .stats.safety_checks = 15,720 -->
//! <!-- checked: queens count 8 --algo lookup --json | .stats.cells_read = 47,160 -->
//!
//! # The counters
//!
//! Each technique has its own function, so that each shows its own gain;
//! [`Step`] lists them as the rungs of a ladder, which `cargo xtask
//! compare` times side by side; the time each takes at every size, one
//! thread, lives in the generated page `docs/growth.md` (`cargo xtask
//! growth`, "Time to count every solution, by step of the ladder"), and
//! its ratio to the C peer in one command's run in the generated page
//! `docs/peers.md` (`cargo xtask peers --write-docs`), never in this essay:
//! timings move with the machine.
//!
//! | rung | technique |
//! |---|---|
//! | `counting walk` | [`count_plain`]: the whole tree, walked without branches |
//! | `+ mirror` | [`count_mirror`]: first-row queen in the left half, twice, and the middle once |
//! | `+ symmetry` | [`count_with_symmetry`]: Takaken's classes, total and unique together |
//! | `+ frames` | [`count_frames`]: the edges' queens first, one frame of each class |
//! | `+ lanes` | [`count_lanes`], [`Kernel::Portable`], [`Ends::Plain`]: sixteen boards abreast |
//! | `+ AVX2` | [`count_lanes`], [`Kernel::Avx2`]: sixty-four lanes in AVX2 registers |
//! | `+ AVX-512` | [`count_lanes`], [`Kernel::Avx512`]: AVX-512 registers, packed by the processor |
//! | `+ 16-bit lanes` | [`count_lanes`], [`Kernel::Avx512Narrow`]: lanes of 16 bits, where the board allows |
//! | `+ last rows` | [`count_lanes`], the fastest kernel, [`Ends::Early`]: two rows ahead, the last two at once |
//! | `+ threads` | [`WorkUnits::count_parallel`]: the frames as work units on every core, by the fastest kernel |
//!
//! Each kernel is a rung of its own, so that what an instruction set buys
//! shows beside what an idea buys; a processor that lacks a kernel's
//! instructions skips its rung ([`Step::lacks`]). In portable Rust the
//! lanes are not faster than the frames' walk on one board at a time: the
//! queues cost more than sixteen lanes of scalar code save. They pay from
//! AVX2 on, where one instruction moves sixty-four boards; the portable
//! kernel stays for the processors that have no vector kernel, and as the
//! rung that shows what the queues cost by themselves. Looking ahead in
//! the last rows comes after the kernels, on the fastest, so that its gain
//! shows where the counter uses it.

//! The C peer (`bitboard_mirror.c`, `gcc -O3 -march=native`, recursive,
//! which mirrors with its `s` argument) is timed beside the last rungs by
//! `cargo xtask peers --counter`: only ratios from one run are quoted, since
//! the same "AMD EPYC" name may hide another host ("Why the figures move",
//! below). The instructions each rung retires tell the story without the
//! clock: `cargo xtask compare --instructions` counts them per solution at
//! n = 14 under `valgrind --tool=callgrind`, and the generated page
//! `docs/comparison.md` shows them under the ladder's times, so that a gain
//! that is only a host's is seen for what it is. Valgrind emulates no
//! AVX-512, so callgrind counts no rung that needs it, and `+ threads`
//! runs the AVX2 kernel under it; `--dynamorio DIR` counts every rung, each
//! with its own kernel, by DynamoRIO's `inscount` from a build the user
//! gives. The page says which tool counted.
//!
//! Three things make the counters fast: fewer nodes (the symmetries, the
//! frames, the look ahead), cheaper nodes (the walk, then the lanes), and
//! the cores.
//!
//! ## Classes of 8, 4 and 2
//!
//! The eight symmetries of the square (four rotations, four reflections)
//! map solutions to solutions; a class of images holds 8 boards, 4 when a
//! half turn keeps its boards, 2 when a quarter turn does (no solution for
//! n ≥ 2 is its own mirror image). The four-queens board is the smallest
//! class of 2: a quarter turn gives the board back.
//!
//! ```text
//!   . Q . .                    . Q . .
//!   . . . Q   quarter turn     . . . Q     queens = [1, 3, 0, 2]:
//!   Q . . .   ───────────►     Q . . .     its mirror image [2, 0, 3, 1]
//!   . . Q .                    . . Q .     is the class's other board
//! ```
//!
//! The search of [`count_with_symmetry`] finds one member of each class and
//! tells its size, so `total = 8·C8 + 4·C4 + 2·C2` and `unique = C8 + C4 +
//! C2` come out together, without enumerating the other members and
//! without a canonical test of each solution ([`classify`] gives the sizes;
//! a test pins these):
//!
//! | n | classes of 8 | of 4 | of 2 | unique | total |
//! |---|---|---|---|---|---|
//! | 4 | 0 | 0 | 1 | 1 | 2 |
//! | 5 | 1 | 0 | 1 | 2 | 10 |
//! | 6 | 0 | 1 | 0 | 1 | 4 |
//! | 8 | 11 | 1 | 0 | 12 | 92 |
//! | 12 | 1,765 | 18 | 4 | 1,787 | 14,200 |
//!
//! <!-- checked: queens count 4 --unique --json | .count = 1 -->
//! <!-- checked: queens count 5 --unique --json | .count = 2 -->
//! <!-- checked: queens count 6 --unique --json | .count = 1 -->
//! <!-- checked: queens count 8 --unique --json | .count = 12 -->
//! <!-- checked: queens count 12 --unique --json | .count = 1,787 -->
//! <!-- checked: queens count 4 --json | .count = 2 -->
//! <!-- checked: queens count 5 --json | .count = 10 -->
//! <!-- checked: queens count 6 --json | .count = 4 -->
//! <!-- checked: queens count 8 --json | .count = 92 -->
//! <!-- checked: queens count 12 --json | .count = 14,200 -->
//! <!-- checked: queens count 4 --shard 0/1 | .classes.eight = 0 -->
//! <!-- checked: queens count 4 --shard 0/1 | .classes.four = 0 -->
//! <!-- checked: queens count 4 --shard 0/1 | .classes.two = 1 -->
//! <!-- checked: queens count 5 --shard 0/1 | .classes.eight = 1 -->
//! <!-- checked: queens count 5 --shard 0/1 | .classes.four = 0 -->
//! <!-- checked: queens count 5 --shard 0/1 | .classes.two = 1 -->
//! <!-- checked: queens count 6 --shard 0/1 | .classes.eight = 0 -->
//! <!-- checked: queens count 6 --shard 0/1 | .classes.four = 1 -->
//! <!-- checked: queens count 6 --shard 0/1 | .classes.two = 0 -->
//! <!-- checked: queens count 8 --shard 0/1 | .classes.eight = 11 -->
//! <!-- checked: queens count 8 --shard 0/1 | .classes.four = 1 -->
//! <!-- checked: queens count 8 --shard 0/1 | .classes.two = 0 -->
//! <!-- checked: queens count 12 --shard 0/1 | .classes.eight = 1,765 -->
//! <!-- checked: queens count 12 --shard 0/1 | .classes.four = 18 -->
//! <!-- checked: queens count 12 --shard 0/1 | .classes.two = 4 -->
//!
//! After Takaken, the member looked for has its top edge's queen nearest a
//! corner, in the left half:
//!
//! - the **corner** branches put the first queen in column 0 and the
//!   second in column `b1`; every class there has 8 boards, and keeping
//!   column 1 clear of rows `2..b1` picks one of a board and its
//!   transpose;
//! - the **side** branches put the first queen in column `b1`; the other
//!   edges' queens must lie at least as deep, so the side columns are
//!   closed to rows above `b1` and must be taken by row `n − 1 − b1`, and
//!   the last row is closed near the corners. A board can still tie with a
//!   rotation of itself, and three bits of the board say when: only then
//!   is it compared with that rotation, and counted in a class of 2, 4 or
//!   8, or not at all when the rotation is the one to count.
//!
//! [`Branch`] lists the branches; [`Classes`] holds the four sizes (one is
//! the class of the empty board of n = 0 and of the lone queen of n = 1,
//! which every symmetry keeps: both boards count 1 solution and 1 class, as
//! the model's modes count them with every solver).
//!
//! ## A walk without guesses
//!
//! The textbook loop, which the C peer runs, decides at every node whether
//! to go down, on or back, and the processor guesses those answers wrong
//! about once a node. The counters walk the tree instead in steps of
//! straight-line code: each step places a queen, writes the row below to a
//! stack that holds only rows with columns left to try, and picks the new
//! top by arithmetic. Two such walks, on two stacks, step in turn in one
//! loop so that the processor overlaps them. On the machine of the earlier
//! figures that halved the mirrored count's time against the C peer's,
//! which walks the same boards (`count 16 mirror` against
//! `bitboard_mirror 16 s`).
//!
//! ## Frames
//!
//! Every edge of a board holds one queen. [`Frame::all`] places the four
//! edges' queens first (three when one stands in a corner) and keeps one
//! frame of each class of frames under the eight symmetries: 730 of them
//! at n = 12 and 4,319 at n = 17 (a test pins both), fewer than the
//! n⁴ / 8 a count of four queens' squares would suggest. A frame no symmetry keeps stands for
//! eight frames, and each board found inside it for a class of eight
//! solutions; the few frames a symmetry keeps, a small part of the work,
//! compare each board with its images, as Takaken's side branches do. The
//! member of a class that is searched is the one whose first inner rows
//! offer the fewest squares, so that the search inside places fewer queens
//! than Takaken's branches do.
//! Walked one board at a time this buys little, since the frame's own
//! rows still cost a step each (`+ frames` in the table); what it buys is
//! searches whose every row is the same for all the boards of a frame.
//! <!-- checked: queens count 12 --json | .counter.units = 730 -->
//! <!-- checked: queens plan 17 --shards 8 --seconds 0.1 --json | .units = 4,319 -->
//!
//! ## Lanes
//!
//! Inside a frame every board at inner row `d` reads the same open
//! squares and moves its diagonals by the same shift. [`count_lanes`]
//! keeps the boards waiting at each inner row in a small queue and counts
//! many of them per pass, one per lane of the widest vectors the processor
//! has, chosen at run time ([`lanes`]): sixty-four with AVX-512 (16-bit
//! lanes where the board allows) or AVX2, sixteen in portable Rust, and
//! the tests run every kernel the processor has. A pass places a queen in
//! every lane, with no jump that depends on the board.
//!
//! ## The last rows
//!
//! With [`Ends::Early`] a child is dropped when the row after next has no
//! open square left (fewer queens placed than on the plain tree),
//! and the last two rows are never queued: two columns are left there, so
//! a child of the last row but two is completed on the spot by trying
//! both.
//!
//! ## Why the figures move
//!
//! The same code gives different ratios to the C peer on machines sold
//! as one kind, for reasons measured while the rungs were built:
//!
//! - **The host.** The workspace runs in a virtual machine whose processor
//!   calls itself "AMD EPYC" (family 23, model 1: the hypervisor's generic
//!   model) whatever the host behind it. The same count has taken far
//!   more processor time in one session than in another, on an otherwise
//!   idle machine: the walk is limited by how many instructions a core
//!   retires in a cycle, and cores differ in that.
//! - **The vector instructions.** Hosts of one name differ in them too,
//!   and the counter chooses its kernel by them at run time: a host with
//!   AVX-512 counts sixty-four boards a pass in four registers a field (or
//!   two, of 16-bit lanes), one with AVX2 only in eight, some of them kept
//!   in memory.
//!   Every generated page's machine line names the kernel's instructions
//!   ([`Kernel::instructions`]).
//! - **Not the load, as far as measured.** The C peer took the same
//!   processor time with two other builds running as with nothing else:
//!   the gap between sessions is the host's. Times on every core still
//!   measure the load, since the counter's threads then share the cores
//!   with it.
//! - **Not the layout, here.** `.cargo/config.toml` aligns loops to 64
//!   bytes; two binaries with different layouts (`queens count 16
//!   --threads 1` and `count 16 symmetry`) took the same time, within
//!   what one run differs from the next.
//! - **Not the order.** The counts are the same for every order of the
//!   units and number of threads (tests), and each unit is a small part of
//!   the work, so the order moves the time on two threads by at most the
//!   largest unit's.
//!
//! So a figure is one run's, on one machine, and comes with the command
//! that made it: the generated pages say which machine and how busy.
//!
//! # Work units
//!
//! [`units`] cuts the search into a [`WorkUnits`] of work units: by default a
//! whole frame each ([`UNIT_ROWS`] = 0; a frame is a small part of the
//! work, so two threads finish within a unit of each other),
//! or a frame with the queens of its first inner rows placed, for the
//! finer units of many shards ([`units_with_rows`]). They are numbered
//! frame by frame in [`Frame::all`]'s order, and within a frame in
//! lexicographic order of those queens' columns. Unit `i` is the same on
//! every machine and in every run, so a record can say which units it
//! covers by their indices. Each unit is counted alone by
//! [`WorkUnits::count_unit`]; [`WorkUnits::count_parallel`] counts them all on a
//! pool of its own with as many threads as asked, handing them out one at
//! a time and calling a progress function after each, and gives the same
//! counts whatever the number of threads and the order (the sum of
//! integers does not depend on its order). A stop flag reaches inside the
//! units: the lanes and the walk look at it every few milliseconds.
//!
//! # Counts that cannot overflow silently
//!
//! Counts are `u64`. The walks count boards one at a time, and a counter
//! stepped by one cannot pass 2^64 in any run that ends; every sum and
//! product after that is checked and panics with a message rather than
//! wrap. `u64` holds Q(27) ≈ 2.3 × 10¹⁷, the largest count known, 78 times
//! over (2⁶⁴ ≈ 1.8 × 10¹⁹); at the growth of about 11 times per row, n = 29
//! would be the first total to pass it.
//! <!-- checked: queens plan 27 --shards 1000 --seconds 0.1 --json | .known_solutions = 2.3 × 10¹⁷ -->
//!
//! # Where each part lives
//!
//! - [`search`](mod@search): [`Bitboard`], the solver of the model;
//! - [`rules`]: one row's state as masks, and the rules a counting search
//!   adds to the queens' own (the mirror's half row, a class's bounds);
//! - [`walk`]: the counting walk, depth-first without a guess at what the
//!   board holds, several searches interleaved in one loop;
//! - [`count`]: the counters of one thread, one technique each;
//! - [`classes`]: every solution and every class at once, after Takaken;
//! - [`frames`]: the four edges' queens placed first, one frame per class;
//! - [`lanes`]: searches abreast, one board per lane of a vector;
//! - [`ladder`]: the counters as the steps that `cargo xtask compare` and
//!   `growth` time side by side;
//! - [`units`](mod@units): the search cut into work units that can be
//!   counted apart, on any machine, and added up.

// The essay above maps the private modules too, for whoever reads the code
// (`cargo doc --document-private-items` follows its links).
#![allow(rustdoc::private_intra_doc_links)]

mod classes;
mod count;
mod frames;
mod ladder;
mod lanes;
mod rules;
mod search;
mod units;
mod walk;

pub use classes::{Branch, Classes, Counts};
pub use count::{
    classify, count_frames, count_lanes, count_mirror, count_plain, count_with_symmetry,
};
pub use frames::Frame;
pub use ladder::{CountError, Step, Tally};
pub use lanes::{Ends, Kernel};
pub use rayon::ThreadPoolBuildError;
pub use search::{Bitboard, WORDS_PER_MASK};
pub use units::{
    Inside, MAX_UNIT_ROWS, PRACTICAL_N, Probe, Tallied, UNIT_ROWS, Unit, WorkUnits, units,
    units_with_rows,
};

#[cfg(test)]
queens_conformance::suite!(
    #[instrumentation]
    Bitboard
);
