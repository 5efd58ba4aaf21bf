"""nqueens: a correct submission handed in as a package, run as
`python3 -m nqueens`."""
