// The board of the trace page and the race page: the cells and their
// labels, drawn once, and the highlight of one step of a trace, the same on
// both pages.
//
// An event is the JSON of queens_core::trace::Event ({event: "reject",
// square: {row, col}, line, attacker}, ...); `occupied` holds 1 for each
// cell with a queen after the steps replayed so far.
"use strict";
function queensBoard(element, n, depthNoun, preplacedSquares) {
  const index = (square) => square.row * n + square.col;
  const preplaced = new Set(preplacedSquares.map(index));
  // A solver whose levels are the queens of a combination (the naive one)
  // backtracks by queen number, not by row: its backtrack steps mark no line
  // of the board.
  const backtracksByLine = depthNoun === "row" || depthNoun === "column";

  // The board's cells, drawn once; a render only changes their classes.
  const cells = [];
  const rowLabels = [];
  const columnLabels = [];
  element.style.setProperty("--n", n);
  element.appendChild(label(""));
  for (let col = 0; col < n; col++) columnLabels.push(element.appendChild(label(col)));
  for (let row = 0; row < n; row++) {
    rowLabels.push(element.appendChild(label(row)));
    for (let col = 0; col < n; col++) {
      const cell = document.createElement("div");
      cell.dataset.base = (row + col) % 2 === 0 ? "cell" : "cell dark";
      cell.innerHTML = '<svg class="piece" viewBox="-20 -20 40 40"><use href="#queen"/></svg>';
      cells.push(element.appendChild(cell));
    }
  }

  function label(text) {
    const labelElement = document.createElement("div");
    labelElement.className = "label";
    labelElement.textContent = text;
    return labelElement;
  }

  // The cells on `line` through `square`.
  function cellsOnLine(square, line) {
    const found = [];
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        if (
          (line === "row" && row === square.row) ||
          (line === "column" && col === square.col) ||
          (line === "diagonal" && row - col === square.row - square.col) ||
          (line === "anti-diagonal" && row + col === square.row + square.col)
        ) {
          found.push(row * n + col);
        }
      }
    }
    return found;
  }

  // Two queens of a tested placement that share `line`: the clash the naive
  // solver's test found.
  function clash(queens, line) {
    for (let i = 0; i < queens.length; i++) {
      for (let j = i + 1; j < queens.length; j++) {
        if (cellsOnLine(queens[i], line).includes(index(queens[j]))) return [queens[i], queens[j]];
      }
    }
    return null;
  }

  // The highlight of each cell for one step, and the row or column label to
  // mark as the depth the search is at.
  function highlights(event, occupied) {
    const marks = new Array(n * n).fill("");
    const mark = (cell, name) => (marks[cell] += " " + name);
    let depth = null;
    const depthOf = (square) => (depthNoun === "row" ? square.row : square.col);
    switch (event && event.event) {
      case "place":
        mark(index(event.square), "placed");
        depth = depthOf(event.square);
        break;
      case "remove":
        mark(index(event.square), "removed");
        depth = depthOf(event.square);
        break;
      case "reject":
      case "try":
        // A local search's try is drawn as a rejection when the square is
        // attacked, as a plain try when it is free.
        if (event.event === "reject" || event.conflict) {
          cellsOnLine(event.square, event.line || event.conflict).forEach((cell) => mark(cell, "line"));
        }
        mark(index(event.square), "tried");
        if (event.attacker) mark(index(event.attacker), "attacker");
        depth = depthOf(event.square);
        break;
      case "mask":
        // The bitboard's row: its open squares, all found at once.
        for (let col = 0; col < n; col++) {
          if (Math.floor(event.open / 2 ** col) % 2 === 1) mark(event.row * n + col, "open");
        }
        depth = event.row;
        break;
      case "test": {
        // The naive solver puts each queen on the board before the test;
        // drawing the tested ones too keeps the picture right regardless.
        event.queens.filter((square) => !occupied[index(square)]).forEach((square) => mark(index(square), "queen"));
        const pair = event.conflict && clash(event.queens, event.conflict);
        if (pair) {
          cellsOnLine(pair[0], event.conflict).forEach((cell) => mark(cell, "line"));
          pair.forEach((square) => mark(index(square), "attacker"));
        }
        break;
      }
      case "backtrack":
        if (!backtracksByLine) break;
        depth = event.depth;
        for (let other = 0; other < n && depth < n; other++) {
          mark(depthNoun === "row" ? depth * n + other : other * n + depth, "dead-end");
        }
        break;
      case "solution":
        event.queens.forEach((col, row) => mark(row * n + col, "solution"));
        break;
    }
    return { marks, depth };
  }

  // Draws the board after `event` (null: before the first step).
  function draw(event, occupied) {
    const { marks, depth } = highlights(event, occupied);
    cells.forEach((cell, at) => {
      let classes = cell.dataset.base + marks[at];
      if (occupied[at]) classes += " queen";
      if (preplaced.has(at)) classes += " preplaced";
      if (cell.className !== classes) cell.className = classes;
    });
    const depthLabels = depthNoun === "row" ? rowLabels : columnLabels;
    rowLabels.concat(columnLabels).forEach((labelElement) => labelElement.classList.remove("current"));
    if (depth !== null && depth < n) depthLabels[depth].classList.add("current");
  }

  return { draw, index, preplaced };
}
