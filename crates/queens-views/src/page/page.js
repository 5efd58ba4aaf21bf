// The replay of one trace of `queens trace --html`, on the board of
// board.js, which is put before it.
//
// The trace is the JSON in #trace-data: the steps (each an event of the
// solver's own search and the counters after it) and the narration of each
// step, written by the same code as the text trace. The position is the
// number of steps replayed, from 0 (nothing yet) to the number of steps. The
// board is kept by applying each step's placement and undoing it going back,
// so moving one step costs the same in either direction.
//
// For automation, the address may end in #end (jump to the last step) or
// #step=K (jump to step K); <main> carries the summary and the position as
// data attributes, and each counter has a stable id. (No element has the id
// "end", so the browser does not scroll to one.)
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("trace-data").textContent);
  const n = data.n;
  const steps = data.steps;
  const narration = data.narration;
  const byId = (id) => document.getElementById(id);
  const main = byId("trace");

  // Which cells hold a queen after the steps replayed so far.
  const occupied = new Uint8Array(n * n);
  // The step numbers (0-based) at which a solution was found.
  const solutionSteps = [];
  steps.forEach((step, number) => {
    if (step.event.event === "solution") solutionSteps.push(number);
  });
  let position = 0;

  const board = queensBoard(byId("board"), n, data.depth_noun, data.preplaced);
  const { index, preplaced } = board;

  // Puts the queen of a place step on the board, or takes it off (and the
  // reverse when going back). Other events leave the board as it is.
  function apply(event, forward) {
    if (event.event === "place") occupied[index(event.square)] = forward ? 1 : 0;
    if (event.event === "remove") occupied[index(event.square)] = forward ? 0 : 1;
  }

  function moveTo(target) {
    target = Math.max(0, Math.min(steps.length, target));
    while (position < target) apply(steps[position++].event, true);
    while (position > target) apply(steps[--position].event, false);
    render();
  }

  const number = (value) => value.toLocaleString("en-US");

  function render() {
    const step = position > 0 ? steps[position - 1] : null;
    const event = step && step.event;
    board.draw(event, occupied);

    const eventLine = byId("event");
    eventLine.className = "event " + (event ? event.event : "");
    eventLine.textContent = step ? narration[position - 1] : "Before the first step.";
    if (position === steps.length) {
      const note = document.createElement("small");
      note.textContent = data.truncated
        ? "The trace stops here: --limit cut the search short."
        : "The end of the search.";
      eventLine.appendChild(note);
    }

    const stats = step ? step.stats : { queens_placed: 0, safety_checks: 0, cells_read: 0 };
    byId("step").textContent = number(position);
    byId("steps").textContent = number(steps.length);
    byId("queens-placed").textContent = number(stats.queens_placed);
    byId("safety-checks").textContent = number(stats.safety_checks);
    byId("cells-read").textContent = number(stats.cells_read);
    byId("solutions").textContent = number(step ? step.solutions : 0);
    main.dataset.position = position;

    byId("to-start").disabled = byId("back").disabled = position === 0;
    byId("forward").disabled = byId("to-end").disabled = position === steps.length;
    byId("next-solution").disabled = nextSolution() === null;
    renderLog();
    renderGallery();
  }

  // The last few steps, the current one last.
  const log = byId("log");
  log.style.setProperty("--digits", number(steps.length).length);
  function renderLog() {
    log.textContent = "";
    for (let shown = Math.max(1, position - 7); shown <= position; shown++) {
      const line = document.createElement("li");
      const count = document.createElement("span");
      count.className = "number";
      count.textContent = number(shown);
      line.append(count, narration[shown - 1]);
      if (shown === position) line.className = "current";
      log.appendChild(line);
    }
  }

  // The solutions found so far as small boards, the latest twelve.
  let galleryShows = -1;
  function renderGallery() {
    const found = solutionSteps.filter((at) => at < position);
    if (found.length === galleryShows) return;
    galleryShows = found.length;
    const gallery = byId("gallery");
    gallery.textContent = "";
    const shown = found.slice(-12);
    byId("gallery-note").textContent =
      found.length > shown.length ? `(the last ${shown.length} of ${number(found.length)})` : "";
    if (found.length === 0) gallery.textContent = "None yet.";
    shown.forEach((at) => {
      const event = steps[at].event;
      const figure = document.createElement("figure");
      const mini = document.createElement("div");
      mini.className = "mini";
      mini.style.setProperty("--n", n);
      for (let row = 0; row < n; row++) {
        for (let col = 0; col < n; col++) {
          const square = document.createElement("span");
          let classes = (row + col) % 2 === 0 ? "" : "dark";
          if (event.queens[row] === col) classes += " queen";
          if (preplaced.has(row * n + col)) classes += " preplaced";
          square.className = classes;
          mini.appendChild(square);
        }
      }
      const caption = document.createElement("figcaption");
      caption.textContent = `${number(event.number)} · step ${number(at + 1)}`;
      figure.append(mini, caption);
      gallery.appendChild(figure);
    });
  }

  // The position just after the next solution, or null when none is left.
  function nextSolution() {
    const at = solutionSteps.find((step) => step >= position);
    return at === undefined ? null : at + 1;
  }

  // Playing: a number of steps per second, from 1 to 1000 on a log scale.
  const speed = byId("speed");
  const stepsPerSecond = () => Math.round(Math.pow(10, (3 * speed.value) / 100));
  let playing = false;
  let lastFrame = 0;
  let owed = 0;

  function setPlaying(on) {
    if (on && position === steps.length) moveTo(0);
    playing = on && steps.length > 0;
    byId("play").textContent = playing ? "Pause" : "Play";
    if (playing) {
      lastFrame = performance.now();
      owed = 1;
      requestAnimationFrame(frame);
    }
  }

  function frame(now) {
    if (!playing) return;
    owed += ((now - lastFrame) / 1000) * stepsPerSecond();
    lastFrame = now;
    if (owed >= 1) {
      const whole = Math.floor(owed);
      owed -= whole;
      moveTo(position + whole);
    }
    if (position === steps.length) setPlaying(false);
    else requestAnimationFrame(frame);
  }

  // A control moves by hand, which pauses the replay.
  function control(id, move) {
    byId(id).addEventListener("click", () => {
      setPlaying(false);
      moveTo(move());
    });
  }
  control("to-start", () => 0);
  control("back", () => position - 1);
  control("forward", () => position + 1);
  control("to-end", () => steps.length);
  control("next-solution", () => nextSolution() ?? position);
  byId("play").addEventListener("click", () => setPlaying(!playing));
  const showSpeed = () => (byId("speed-value").textContent = `${stepsPerSecond()} steps/s`);
  speed.addEventListener("input", showSpeed);
  showSpeed();

  const keys = {
    ArrowRight: "forward",
    ArrowLeft: "back",
    Home: "to-start",
    End: "to-end",
    n: "next-solution",
    " ": "play",
  };
  document.addEventListener("keydown", (press) => {
    const id = keys[press.key];
    const onControl = press.target instanceof HTMLButtonElement || press.target instanceof HTMLInputElement;
    if (!id || onControl || press.altKey || press.ctrlKey || press.metaKey) return;
    press.preventDefault();
    byId(id).click();
  });

  // #end or #step=K in the address: start there.
  function followAddress() {
    const wanted = location.hash.slice(1);
    if (wanted === "end") moveTo(steps.length);
    else if (/^step=\d+$/.test(wanted)) moveTo(Number(wanted.slice(5)));
    else moveTo(position);
  }
  window.addEventListener("hashchange", followAddress);
  followAddress();
})();
