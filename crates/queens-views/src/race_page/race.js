// The race of `queens race --html`, on the boards of board.js, which is put
// before it.
//
// #race-data holds every lane: its solver's trace in the compact code of
// the race's `compact` module (decoded here into typed arrays, one entry
// per step, with the counters after it), its measured time, and what it
// must show at the finish by each clock. The race's clock reads `at`, in
// the unit of the clock chosen: steps, cells read or seconds; a lane is at
// the last step whose cost is reached, by the same rules as the race's
// `clock` module. A tick is one step, or in the two clocks of cost the
// cost that makes the race as many ticks long as by steps.
//
// For automation, the address may say #clock=NAME (steps, cells, time),
// then &play (with &speed=max: as fast as the page goes), &end, or
// &tick=K; <main> carries the clock, the tick and whether the race is
// over, and each counter has a stable id.
"use strict";
(function () {
  const byId = (id) => document.getElementById(id);
  const data = JSON.parse(byId("race-data").textContent);
  const n = data.n;
  const main = byId("race");
  const number = (value) => value.toLocaleString("en-US");
  const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
  const VALUE = {};
  [...DIGITS].forEach((digit, value) => (VALUE[digit] = value));
  const LINES = ["row", "column", "diagonal", "anti-diagonal"];
  const [PLACE, REMOVE, REJECT, TEST, BACKTRACK, SOLUTION, MASK] = [0, 1, 2, 3, 4, 5, 6];
  const squareWidth = n * n <= DIGITS.length ? 1 : 2;
  const square = (cell) => ({ row: Math.floor(cell / n), col: cell % n });

  // The steps of a code: what each is and the counters after it.
  function decode(code, steps) {
    const trace = {
      kind: new Uint8Array(steps),
      cell: new Int16Array(steps).fill(-1),
      line: new Int8Array(steps).fill(-1),
      other: new Int16Array(steps).fill(-1),
      queens: new Float64Array(steps),
      checks: new Float64Array(steps),
      cells: new Float64Array(steps),
      solutions: new Float64Array(steps),
      lists: new Map(),
      solutionSteps: [],
    };
    const stack = [];
    let at = 0;
    let step = 0;
    let [queens, checks, cells, solutions] = [0, 0, 0, 0];
    const digit = () => VALUE[code[at++]];
    const count = () => {
      let [value, scale] = [0, 1];
      for (;;) {
        const next = digit();
        value += (next % 32) * scale;
        if (next < 32) return value;
        scale *= 32;
      }
    };
    const cellCode = () => (squareWidth === 2 ? digit() * DIGITS.length + digit() : digit());
    const record = (kind) => {
      trace.kind[step] = kind;
      trace.queens[step] = queens;
      trace.checks[step] = checks;
      trace.cells[step] = cells;
      trace.solutions[step] = solutions;
      step++;
    };
    while (at < code.length) {
      const letter = code[at++];
      switch (letter) {
        case "k":
          checks += count();
          cells += count();
          break;
        case "p":
        case "q": {
          const cell = cellCode();
          if (letter === "p") {
            checks += 1;
            cells += count();
          }
          queens += 1;
          trace.cell[step] = cell;
          stack.push(cell);
          record(PLACE);
          break;
        }
        case "r":
        case "c": {
          let cell = cellCode();
          for (let left = count(); left > 0; left--) {
            const attack = digit();
            checks += 1;
            cells += count();
            trace.cell[step] = cell;
            trace.line[step] = attack >> 4;
            trace.other[step] = (attack & 15) < stack.length ? stack[attack & 15] : -1;
            record(REJECT);
            cell += letter === "r" ? 1 : n;
          }
          break;
        }
        case "t":
        case "T": {
          if (letter === "T") {
            const list = [];
            for (let left = count(); left > 0; left--) list.push(cellCode());
            trace.lists.set(step, list);
          }
          const conflict = digit();
          trace.line[step] = conflict < LINES.length ? conflict : -1;
          checks += 1;
          cells += count();
          record(TEST);
          break;
        }
        case "x":
        case "X": {
          const cell = letter === "x" ? stack[stack.length - 1] : cellCode();
          stack.splice(stack.lastIndexOf(cell), 1);
          trace.cell[step] = cell;
          record(REMOVE);
          break;
        }
        case "b":
          trace.other[step] = count();
          record(BACKTRACK);
          break;
        case "m": {
          trace.other[step] = count();
          trace.lists.set(step, count());
          checks += 1;
          cells += count();
          record(MASK);
          break;
        }
        case "s":
        case "S": {
          if (letter === "S") trace.lists.set(step, Array.from({ length: n }, count));
          solutions += 1;
          trace.solutionSteps.push(step);
          record(SOLUTION);
          break;
        }
        default:
          throw new Error(`no event has the code ${letter}`);
      }
    }
    return trace;
  }

  // The placement queens[row] = column of the queens on a board.
  function placement(stack) {
    const queens = new Array(n).fill(-1);
    stack.forEach((cell) => (queens[Math.floor(cell / n)] = cell % n));
    return queens;
  }

  const lanes = data.lanes.map((lane) => ({
    ...lane,
    trace: decode(lane.code, lane.steps),
    board: queensBoard(byId(`${lane.name}-board`), n, lane.noun, data.preplaced),
    element: byId(lane.name),
    position: 0,
    stack: [],
    occupied: new Uint8Array(n * n),
  }));

  // Moves a lane to `target` steps, from the start when going back.
  function advance(lane, target) {
    if (target < lane.position) {
      lane.position = 0;
      lane.stack.length = 0;
      lane.occupied.fill(0);
    }
    const trace = lane.trace;
    while (lane.position < target) {
      const step = lane.position++;
      const cell = trace.cell[step];
      if (trace.kind[step] === PLACE) {
        lane.stack.push(cell);
        lane.occupied[cell] = 1;
      } else if (trace.kind[step] === REMOVE) {
        lane.stack.splice(lane.stack.lastIndexOf(cell), 1);
        lane.occupied[cell] = 0;
      }
    }
  }

  // Step `step` of a lane as the board draws it: the JSON of the model's
  // event. The board is the lane's after that step.
  function eventAt(lane, step) {
    const trace = lane.trace;
    const at = square(trace.cell[step]);
    switch (trace.kind[step]) {
      case PLACE:
        return { event: "place", square: at };
      case REMOVE:
        return { event: "remove", square: at };
      case REJECT: {
        const attacker = trace.other[step] >= 0 ? square(trace.other[step]) : null;
        return { event: "reject", square: at, line: LINES[trace.line[step]], attacker };
      }
      case TEST: {
        const queens = (trace.lists.get(step) || lane.stack).map(square);
        return { event: "test", queens, conflict: LINES[trace.line[step]] || null };
      }
      case BACKTRACK:
        return { event: "backtrack", depth: trace.other[step] };
      case MASK:
        return { event: "mask", row: trace.other[step], open: trace.lists.get(step) };
      default:
        return { event: "solution", queens: trace.lists.get(step) || placement(lane.stack) };
    }
  }

  // A step in a few words, as the terminal view says it.
  function caption(lane, event, step) {
    const spot = (at) => `(row ${at.row}, col ${at.col})`;
    switch (event.event) {
      case "place":
        return `place ${spot(event.square)}`;
      case "remove":
        return `remove ${spot(event.square)}`;
      case "reject":
        return `reject ${spot(event.square)}: ${event.line}` + (event.attacker ? `, by ${spot(event.attacker)}` : "");
      case "test":
        return event.conflict ? `test: two queens share a ${event.conflict}` : "test: a solution";
      case "backtrack":
        return `back from ${lane.noun} ${event.depth}`;
      case "mask": {
        let open = 0;
        for (let bits = event.open; bits > 0; bits = Math.floor(bits / 2)) open += bits % 2;
        return `mask row ${event.row}: ${open} open`;
      }
      default:
        return `solution ${number(lane.trace.solutions[step])}`;
    }
  }

  // The clocks, as the race's `clock` module defines them.
  function micros(seconds) {
    const [value, unit] = seconds >= 1e-3 ? [seconds * 1e3, "ms"] : [seconds * 1e6, "µs"];
    const decimals = value >= 99.95 ? 0 : value >= 9.995 ? 1 : 2;
    return `${value.toFixed(decimals)} ${unit}`;
  }
  function firstAbove(values, length, at) {
    let [low, high] = [0, length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[middle] <= at) low = middle + 1;
      else high = middle;
    }
    return low;
  }
  const CLOCKS = {
    steps: {
      end: (lane) => lane.steps,
      position: (lane, at) => Math.min(lane.steps, Math.floor(at)),
      reading: (at) => `${number(Math.round(at))} steps`,
    },
    cells: {
      end: (lane) => (lane.steps > 0 ? lane.trace.cells[lane.steps - 1] : 0),
      // The start is before the first step of every lane that reads
      // anything; one whose whole search reads nothing has finished.
      position: (lane, at) =>
        at <= 0 && CLOCKS.cells.end(lane) > 0 ? 0 : firstAbove(lane.trace.cells, lane.steps, at),
      reading: (at) => `${number(Math.round(at))} ${data.reads_word}`,
    },
    time: {
      end: (lane) => lane.seconds,
      position: (lane, at) =>
        at >= lane.seconds ? lane.steps : Math.min(lane.steps, Math.floor((at / lane.seconds) * lane.steps)),
      reading: micros,
    },
  };

  // Where the race ends by a clock: the last whole lane's finish, or the
  // longest cut lane's end when every lane was cut.
  function finishLine(name) {
    const whole = lanes.some((lane) => lane.whole);
    return lanes
      .filter((lane) => lane.whole || !whole)
      .reduce((line, lane) => Math.max(line, CLOCKS[name].end(lane)), 0);
  }

  // The whole lanes in the order they finish, with their places and ratios.
  function standings(name) {
    const finished = lanes
      .filter((lane) => lane.whole)
      .map((lane) => ({ lane, at: CLOCKS[name].end(lane) }))
      .sort((a, b) => a.at - b.at);
    const winner = finished.length > 0 ? finished[0].at : 0;
    finished.forEach((finish, index) => {
      const before = finished[index - 1];
      finish.place = before && before.at === finish.at ? before.place : index + 1;
      finish.ratio = winner > 0 ? finish.at / winner : null;
    });
    return finished;
  }
  function ordinal(place) {
    const suffix =
      place % 100 >= 11 && place % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[place % 10] || "th";
    return `${place}${suffix}`;
  }
  function standing(finish, name) {
    const ratio = finish.ratio === null ? "" : `: ${finish.ratio.toFixed(2)}×`;
    return `finished ${ordinal(finish.place)} at ${CLOCKS[name].reading(finish.at)}${ratio}`;
  }

  // The race's state: its clock and its reading.
  let clock = data.clock;
  let at = 0;
  const line = () => finishLine(clock);
  const tick = () => (clock === "steps" ? 1 : line() / Math.max(1, finishLine("steps")));
  const ticks = () => Math.round(line() / tick());

  function render() {
    const over = at >= line();
    const finishes = standings(clock);
    lanes.forEach((lane) => {
      advance(lane, CLOCKS[clock].position(lane, at));
      const step = lane.position - 1;
      const event = step >= 0 ? eventAt(lane, step) : null;
      lane.board.draw(event, lane.occupied);
      const eventLine = byId(`${lane.name}-event`);
      eventLine.className = "event " + (event ? event.event : "");
      eventLine.textContent = event ? caption(lane, event, step) : "Before the first step.";
      const trace = lane.trace;
      const value = (array) => number(step >= 0 ? array[step] : 0);
      byId(`${lane.name}-step`).textContent = number(lane.position);
      byId(`${lane.name}-queens-placed`).textContent = value(trace.queens);
      byId(`${lane.name}-safety-checks`).textContent = value(trace.checks);
      byId(`${lane.name}-cells-read`).textContent = value(trace.cells);
      byId(`${lane.name}-solutions`).textContent = value(trace.solutions);
      const done = lane.position === lane.steps;
      const finish = finishes.find((candidate) => candidate.lane === lane);
      let status = "searching";
      if (finish && done) status = standing(finish, clock);
      else if (!lane.whole && (done || over)) status = lane.finish[clock].status;
      byId(`${lane.name}-status`).textContent = status;
      lane.element.classList.toggle("done", Boolean(finish) && done);
      lane.element.classList.toggle("cut", !lane.whole && (done || over));
    });
    const list = byId("standings");
    list.textContent = "";
    finishes
      .filter((finish) => finish.lane.position === finish.lane.steps)
      .forEach((finish) => {
        const item = document.createElement("li");
        item.dataset.solver = finish.lane.name;
        item.textContent = `${finish.lane.name}: ${standing(finish, clock)}`;
        list.appendChild(item);
      });
    const reading = CLOCKS[clock].reading;
    byId("reading").textContent =
      `By ${clock === "cells" ? data.reads_clock : clock}: ${reading(at)} of ${reading(line())}, ` +
      `tick ${number(Math.round(at / tick()))} of ${number(ticks())}` +
      (over ? ". The race is over." : ".");
    main.dataset.clock = clock;
    main.dataset.tick = Math.round(at / tick());
    main.dataset.over = over;
    byId("to-start").disabled = at === 0;
    byId("forward").disabled = byId("to-end").disabled = over;
    byId("next-solution").disabled = nextSolution() === null;
    document.querySelectorAll('input[name="clock"]').forEach((radio) => (radio.checked = radio.value === clock));
  }

  function moveTo(target) {
    at = Math.max(0, Math.min(line(), target));
    render();
  }

  // The reading at which some lane next finds a solution, or null.
  function nextSolution() {
    const rules = CLOCKS[clock];
    let best = null;
    lanes.forEach((lane) => {
      const step = lane.trace.solutionSteps.find((candidate) => candidate >= lane.position);
      if (step === undefined) return;
      let reading = clock === "steps" ? step + 1 : clock === "cells" ? lane.trace.cells[step] : ((step + 1) / lane.steps) * lane.seconds;
      // A reading that rounds just short of the step reaches it the next
      // representable number up.
      while (rules.position(lane, reading) <= step) reading = reading * (1 + 1e-12) + Number.MIN_VALUE;
      if (reading <= line() && (best === null || reading < best)) best = reading;
    });
    return best;
  }

  function setClock(name) {
    if (!CLOCKS[name] || name === clock) return;
    const fraction = line() > 0 ? at / line() : 0;
    clock = name;
    moveTo(fraction * line());
  }

  // Playing: ticks per second, from 1 to 100,000 on a log scale. Frames
  // come from timers (not animation frames) so that a headless browser's
  // virtual time plays the race too.
  const FRAME = 16;
  const speed = byId("speed");
  const ticksPerSecond = () => Math.round(Math.pow(10, (5 * speed.value) / 100));
  let playing = false;
  let lastFrame = 0;

  function setPlaying(on) {
    if (on && at >= line()) moveTo(0);
    playing = on && line() > 0;
    byId("play").textContent = playing ? "Pause" : "Play";
    if (playing) {
      lastFrame = performance.now();
      setTimeout(frame, FRAME);
    }
  }

  function frame() {
    if (!playing) return;
    const now = performance.now();
    const owed = Math.max(1, Math.floor(((now - lastFrame) / 1000) * ticksPerSecond()));
    lastFrame = now;
    moveTo(at + owed * tick());
    if (at >= line()) setPlaying(false);
    else setTimeout(frame, FRAME);
  }

  // A control moves by hand, which pauses the race.
  function control(id, move) {
    byId(id).addEventListener("click", () => {
      setPlaying(false);
      moveTo(move());
    });
  }
  control("to-start", () => 0);
  control("forward", () => at + tick());
  control("to-end", () => line());
  control("next-solution", () => nextSolution() ?? at);
  byId("play").addEventListener("click", () => setPlaying(!playing));
  document.querySelectorAll('input[name="clock"]').forEach((radio) =>
    radio.addEventListener("change", () => setClock(radio.value)),
  );
  const showSpeed = () => (byId("speed-value").textContent = `${number(ticksPerSecond())} ticks/s`);
  speed.addEventListener("input", showSpeed);
  showSpeed();

  const keys = {
    ArrowRight: () => byId("forward").click(),
    Home: () => byId("to-start").click(),
    End: () => byId("to-end").click(),
    n: () => byId("next-solution").click(),
    " ": () => byId("play").click(),
    s: () => setClock("steps"),
    c: () => setClock("cells"),
    t: () => setClock("time"),
    "+": () => nudgeSpeed(10),
    "-": () => nudgeSpeed(-10),
  };
  function nudgeSpeed(by) {
    speed.value = Number(speed.value) + by;
    showSpeed();
  }
  document.addEventListener("keydown", (press) => {
    const action = keys[press.key];
    const onControl = press.target instanceof HTMLButtonElement || press.target instanceof HTMLInputElement;
    if (!action || onControl || press.altKey || press.ctrlKey || press.metaKey) return;
    press.preventDefault();
    action();
  });

  // #clock=NAME&play&speed=max, &end or &tick=K in the address.
  function followAddress() {
    const wanted = new URLSearchParams(location.hash.slice(1));
    if (CLOCKS[wanted.get("clock")]) clock = wanted.get("clock");
    if (wanted.get("speed") === "max") speed.value = speed.max;
    showSpeed();
    if (wanted.has("end")) moveTo(line());
    else if (/^\d+$/.test(wanted.get("tick") || "")) moveTo(Number(wanted.get("tick")) * tick());
    else moveTo(0);
    if (wanted.has("play")) setPlaying(true);
  }
  window.addEventListener("hashchange", followAddress);
  followAddress();
})();
