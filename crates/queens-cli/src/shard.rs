//! `count --shard I/K`: one shard of a count on the bitboard's counter,
//! counted unit by unit so that its record holds every unit's count, and
//! the record printed or written whole to `--out`, signed when a
//! `--key-file` is given; and the key, which `merge` reads too.
//!
//! The units are the ones `queens_shards` deals the shard, each counted by
//! the counter's own code ([`queens_shards::count_units`]) on every core,
//! with the same bar and the same Ctrl-C as a whole count: a unit started
//! finishes, none starts after it.

use std::path::Path;

use queens_shards::{Key, Record, Scheme};
use queens_solvers::COUNTER;

use crate::args::Options;
use crate::failure::{self, Failure};
use crate::guard::PastLimit;
use crate::task::Task;
use crate::{guard, progress};

/// The most bytes a key file may hold: a key is a few dozen random bytes,
/// and HMAC hashes anything longer than 64 anyway.
const MOST_KEY_BYTES: u64 = 4096;

/// Reads the key of `--key-file`: a regular file of at least
/// [`Key::SHORTEST`] bytes, used whole as it is.
pub(crate) fn read_key(path: &Path) -> Result<Key, Failure> {
    let bytes = queens_toolkit::files::read_regular(path, MOST_KEY_BYTES)
        .map_err(failure::path("read", path))?;
    Key::new(bytes).map_err(|error| Failure::Path {
        action: "use the key in",
        path: path.to_owned(),
        error: std::io::Error::new(std::io::ErrorKind::InvalidData, error),
    })
}

/// Counts shard `shard` of `shards` of the board of `options` on `threads`
/// threads (`None`: one per core) and prints its record, or writes it whole
/// to `out` (`-` is stdout), signed with `key` when there is one.
pub(crate) fn count(
    options: &Options,
    threads: Option<usize>,
    (shard, shards): (usize, usize),
    out: Option<&Path>,
    key: Option<&Key>,
) -> Result<(), Failure> {
    let n = options.problem.n;
    PastLimit::check(COUNTER.solver, n, Task::Count)?;
    let scheme = Scheme::new(n, shards)?;
    let own = scheme.units_of(shard)?;
    if let Some(refusal) = guard::counter_refusal(n, shards).filter(|_| !options.force) {
        return Err(Failure::Refused(refusal));
    }
    let out = out.unwrap_or(Path::new("-"));
    failure::writable(out)?;
    let stop = progress::interrupt_flag();
    let (counted, seconds) = progress::counted_units(n, !options.quiet, |progress| {
        queens_shards::count_units(scheme.plan(), &own, threads.unwrap_or(0), stop, progress)
    });
    let counted = counted.map_err(Failure::Threads)?;
    let machine = gethostname::gethostname().to_string_lossy().into_owned();
    let record = Record::new(
        &scheme,
        shard,
        counted.units,
        counted.threads,
        seconds,
        machine,
    );
    if counted.stopped {
        return Err(Failure::Interrupted {
            solutions: record.total,
        });
    }
    queens_toolkit::files::write_whole(out, record.to_line(key).as_bytes())
        .map_err(failure::written(out))
}
