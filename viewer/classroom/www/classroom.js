// The classroom's pages: each speaks to the server over a websocket of its own, in explicit
// JSON messages (viewer/classroom/messages.py lists them), with the student's key (kept in
// this browser) or the class code; what comes back, and what the server pushes when it
// changes (the teacher moved the class, a student answered), goes into this page's own Vue
// data. Nothing is shared with another page, nothing is polled. The websocket is opened
// when the page has something to say (a key, a name, a code): the server closes a page
// that says nothing. The board is drawn by vtk.js (trame-vtk's vtk-view).
(function () {
  "use strict";
  const KEY = "pyramid-lab-classroom:" + location.host;
  const ANSWER_MS = 30000;
  const OPEN_MS = 10000;
  const RETRY_MS = 1000;
  const RETRIES = 900; // a quarter of an hour
  // (the page's own words: each through t(), from the catalog the server sends; a word
  // declared here and translated where it is shown marked N_(), for the catalog's
  // extraction: scripts/catalogs.py, viewer/classroom/page_words.py)
  const N_ = (word) => word;
  const LOST = N_("The connection to the class was lost: trying again...");
  const GONE = N_("The class cannot be reached: reload the page when it is back.");
  // the teacher's lines' codes, and the picker's label (in a template string): t() of them
  // where they are shown
  N_("lesson done");
  N_("all lessons done");
  N_("Language");
  // the language this page speaks: the one picked on it (kept in this browser, per page),
  // else the browser's (the server read its Accept-Language into the page)
  // (read once the document's body is there: this script runs in its head)
  function languageKey() {
    return "pyramid-lab-classroom-language:" + location.host + ":" + document.body.dataset.page;
  }
  // keys: the board's parts this page has (the server sends a part it lacks, by its key)
  const C = { version: null, boardKey: null, busy: false, timer: null, keys: {}, refs: {} };
  // Can this browser draw the board? (Firefox headless or with hardware acceleration off,
  // a locked-down school PC: no WebGL, and vtk.js's view then draws nothing and has no
  // camera; the page says so instead of a blank board)
  C.webgl = (function () {
    try {
      const canvas = document.createElement("canvas");
      return !!(canvas.getContext("webgl2") || canvas.getContext("webgl"));
    } catch (error) {
      return false;
    }
  })();
  const DATA = {
    cr: null, cr_msg: "", cr_name: "", cr_move: "", cr_legend: [], cr_levels: 1,
    cr_flat: false, cr_clips: false, cr_form: [], cr_pick: "", cr_nogl: !C.webgl,
    // the door: "" (the join form), "waiting" (for the teacher's yes), "closed" (turned
    // away: a door number only), "removed" (taken out of the class: nothing to do)
    cr_door: "", cr_number: "",
    // the board's parts (name, look, kind: "mesh" or "spheres"), in the order drawn, and
    // the state of each (a vtk-mesh's), kept until a part changes or goes
    board_parts: [], board_meshes: {},
    teacher: null, teacher_code: "", teacher_lesson: 0, teacher_step: 1,
    teacher_picked: [], teacher_waiting_picked: [], teacher_confirm: null, cr_group: 0,
    teacher_removed_picked: [],
    // the keyboard's focus point on the board (issue 107): the board's spots (each site a
    // click reaches: its point, centre and words), the point focused, the board focused
    cr_spots: [], cr_focus: null, cr_board_focus: false,
    // the page's words in its language (viewer/classroom/words.py: page_words)
    cr_language: "en", cr_words: { language: "en", plural: "(n != 1)", words: {}, languages: [] },
  };
  let vm = null; // the page's Vue instance (its data)

  function set(key, value) { if (vm) vm[key] = value; else DATA[key] = value; }
  // (before the page is mounted, through Vue's reactive proxy of the data, the one its
  // first drawing reads: what that drawing reads, t()'s words among them, is watched)
  function get(key) {
    if (vm) return vm[key];
    return window.Vue ? window.Vue.reactive(DATA)[key] : DATA[key];
  }
  function token() { return window.localStorage.getItem(KEY); }
  C.get = get;
  C.set = set;

  // ---- the page's words: whole sentences with named placeholders, from the catalog ----
  function fill(text, values) {
    return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g,
      (whole, name) => (values && name in values ? String(values[name]) : whole));
  }
  const RULES = {};
  function pluralForm(rule, n) {
    if (!(rule in RULES)) {
      try { RULES[rule] = new Function("n", "return Number(" + rule + ");"); } // (the catalog's own rule)
      catch (error) { RULES[rule] = (k) => Number(k !== 1); }
    }
    return RULES[rule](n);
  }
  // ``message`` in the page's language, its placeholders filled from ``values``
  C.t = function (message, values) {
    const found = get("cr_words").words[message];
    return fill(typeof found === "string" && found ? found : message, values);
  };
  // the form of ``singular``/``plural`` for ``n`` in the page's language (its own rule)
  C.tn = function (singular, plural, n, values) {
    const words = get("cr_words");
    const forms = words.words[singular];
    if (Array.isArray(forms) && forms.length) {
      const form = Math.max(0, Math.min(forms.length - 1, pluralForm(words.plural, n)));
      return fill(forms[form], values);
    }
    return fill(n === 1 ? singular : plural, values);
  };
  const t = C.t;
  function chosenLanguage() {
    return window.localStorage.getItem(languageKey()) || document.body.dataset.language || "en";
  }
  async function fetchWords(language) {
    try {
      const answer = await fetch("/words/" + encodeURIComponent(language) + ".json", { cache: "no-store" });
      if (answer.ok) return await answer.json();
    } catch (error) { /* the server is not there: the page stays in its words */ }
    return null;
  }
  // Another language picked on the page: kept (this page only), its words fetched, and the
  // server's words asked for again in it
  C.set_language = async function (language) {
    const words = await fetchWords(language);
    if (!words) return;
    window.localStorage.setItem(languageKey(), words.language);
    set("cr_words", words);
    set("cr_language", words.language);
    document.documentElement.lang = words.language.replace("_", "-");
    document.title = t(C.title);
    if (document.body.dataset.page === "teacher") { if (C.proven) teacher(); }
    else if (token()) { const answer = await call("resume", { key: token() }); if (answer) apply(answer); }
  };
  C.language_picker = {
    template: '<label class="cr-language"><select id="cr-language" :aria-label="t(\'Language\')" ' +
      ':value="classroom.get(\'cr_language\')" @change="classroom.set_language($event.target.value)">' +
      '<option v-for="l in classroom.get(\'cr_words\').languages" :key="l.code" :value="l.code">{{ l.name }}</option>' +
      '</select></label>',
  };

  // ---- the connection: one websocket, requests answered by id ----
  const W = {
    ws: null, open: false, next: 1, waiting: new Map(), tries: 0, listeners: [], opened: [],
    pushed: null, wanted: () => false,
  };

  // Who this page is, said at the websocket's handshake (a joined student's key, the
  // class code): the class lets such a page in ahead of pages of no one
  function shownAtDoor() {
    const words = ["pyramid-lab"];
    const page = document.body.dataset.page;
    const key = page === "teacher" ? "" : token();
    const given = page === "teacher" ? get("teacher_code") : "";
    if (key && /^[A-Za-z0-9_-]{16,64}$/.test(key)) words.push("key." + key);
    if (given && /^[A-Za-z0-9-]{4,60}$/.test(given)) words.push("code." + given);
    return words;
  }

  // Why the websocket could not open, in the server's words (a page cannot read the
  // refused handshake's answer: it asks /door, which the server answers as it did it)
  async function whyRefused() {
    try {
      const door = "/door?lang=" + encodeURIComponent(get("cr_language") || "en");
      const answer = await fetch(door, { method: "POST", cache: "no-store" });
      if (!answer.ok) return (await answer.text()).trim().slice(0, 600);
    } catch (error) { /* the server is not there: said as a lost connection */ }
    return "";
  }

  function connect() {
    if (W.ws && W.ws.readyState <= 1) return;
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") +
      location.host + "/ws", shownAtDoor());
    W.ws = ws;
    let wasOpen = false;
    ws.onopen = () => {
      wasOpen = true;
      W.refused = false;
      W.open = true;
      const again = W.tries > 0;
      W.tries = 0;
      if (get("cr_msg") === t(LOST)) set("cr_msg", "");
      for (const opened of W.opened.splice(0)) opened(true);
      if (again) for (const listener of W.listeners) listener();
    };
    ws.onmessage = (event) => {
      let answer;
      try { answer = JSON.parse(event.data); } catch (error) { return; }
      const waiting = W.waiting.get(answer.id);
      if (waiting) {
        W.waiting.delete(answer.id);
        waiting(answer);
      } else if (answer.push && W.pushed) {
        W.pushed(answer); // what changed for this page, sent by the server
      }
    };
    ws.onclose = (event) => {
      W.open = false;
      for (const waiting of W.waiting.values()) waiting(null);
      W.waiting.clear();
      for (const opened of W.opened.splice(0)) opened(false);
      // the server closed this page for a reason of its own (4000-4999): said, and the
      // page connects again only when it has something to say
      // (4003: a page with nothing to say was let go: it says nothing of it)
      // (4006: the teacher did not let this join in: it waits no more)
      if (event.code >= 4000 && event.code < 5000) {
        if (event.code !== 4003) set("cr_msg", event.reason || t("The class closed this page."));
        if (event.code === 4006) { C.waiting = false; set("cr_door", ""); }
        W.tries = 0;
        return;
      }
      if (!wasOpen) { // refused at the handshake (a 403, a 421): said in words, if so
        whyRefused().then((why) => {
          if (!why) return;
          W.refused = true;
          set("cr_msg", t("The class refused this page: {why}", { why: why }));
        });
      }
      if (!W.wanted()) { W.tries = 0; return; }
      W.tries += 1;
      if (W.tries > RETRIES) {
        set("cr_msg", t(GONE));
        return;
      }
      if (wasOpen || !W.refused) set("cr_msg", t(LOST));
      window.setTimeout(connect, RETRY_MS);
    };
  }
  C.onConnect = function (listener) { W.listeners.push(listener); };
  C.connected = function () { return W.open; };

  // The connection, opened if need be: true once open, false if it could not be.
  function opened() {
    if (W.open) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = window.setTimeout(() => resolve(false), OPEN_MS);
      W.opened.push((ok) => { window.clearTimeout(timer); resolve(ok); });
      connect();
    });
  }

  // A request to the server: its answer, or null (no connection, or no answer in time).
  async function call(kind, fields) {
    if (!(await opened())) return null;
    const id = W.next++;
    const message = Object.assign({ id: id, do: kind, lang: get("cr_language") }, fields || {});
    return new Promise((resolve) => {
      const timer = window.setTimeout(() => {
        if (W.waiting.delete(id)) {
          set("cr_msg", t("The server did not answer; trying again soon."));
          resolve(null);
        }
      }, ANSWER_MS);
      W.waiting.set(id, (answer) => { window.clearTimeout(timer); resolve(answer); });
      W.ws.send(JSON.stringify(message));
    });
  }
  C.call = call;

  function camera(board) {
    const view = C.refs.view;
    if (!view || !board.camera || typeof view.resetCamera !== "function") return;
    try {
      view.setCamera(Object.assign({ viewAngle: 30 }, board.camera));
    } catch (error) { /* an older vtk-view: keep its camera */ }
    view.resetCamera();
    // vtk.js frames the board's sphere in the view's height only: a view narrower than
    // it is high (a small screen) widens its angle so the board's sides stay in
    const canvas = document.querySelector("#cr-view canvas");
    const cam = view.getCamera && view.getCamera();
    if (canvas && cam && canvas.clientWidth < canvas.clientHeight && canvas.clientHeight > 0) {
      const angle = (cam.viewAngle || 30) * Math.PI / 180;
      const wider = 2 * Math.atan(Math.tan(angle / 2) * canvas.clientHeight / canvas.clientWidth);
      try {
        view.setCamera(Object.assign({}, cam, { viewAngle: (wider * 180) / Math.PI }));
      } catch (error) { /* keep it */ }
    }
    // the board this camera frames (the tests click once it is set: screen_of reads it)
    document.body.dataset.framed = String(board.key);
  }

  // ---- a screen reader's view (issue 107): a polite live region says what changed ----
  function say(text) {
    const live = document.getElementById("cr-live");
    if (!live || !text) return;
    // (the same words again are said again: the region emptied first)
    live.textContent = "";
    window.setTimeout(() => { live.textContent = text; }, 30);
  }
  C.say = say;

  // What an answer changed on the student's page, in words: the step, the points picked,
  // a move played, the verdict, a refusal or offer, let in, removed.
  function news(before, answer, waited) {
    const said = [];
    const page = answer.page;
    if (answer.forget) return answer.error || "";
    if (waited && answer.token) said.push(t("The teacher let you in."));
    if (page) {
      const step = page.lesson + ":" + page.step;
      const same = before && before.lesson + ":" + before.step === step;
      if (!same) {
        said.push(t("Step {step} of {steps}", { step: page.step + 1, steps: page.steps }) + ": " + page.title);
      } else {
        if (page.picked.join(";") !== before.picked.join(";")) {
          said.push(page.picked.length ? t("Picked: {points}", { points: page.picked.join("; ") }) : t("Picked: nothing yet"));
        }
        if (page.moved && !before.moved) {
          said.push(page.played ? t("Move played: {move}", { move: page.played }) : t("Move played."));
        }
      }
      const verdict = page.verdict;
      const old = same ? before.verdict : null;
      if (verdict && (!old || old.word !== verdict.word || old.reason !== verdict.reason)) {
        said.push(verdict.word + " " + verdict.reason);
      }
    }
    if (answer.error) said.push(answer.error);
    return said.join(" ");
  }

  function apply(answer) {
    if (!answer) return;
    if (answer.unbound) { // this connection has not given the key yet: it does now
      resume();
      return;
    }
    say(news(get("cr"), answer, !!C.waiting));
    set("cr_msg", answer.error || "");
    if (answer.waiting) C.waiting = true;
    // what the student can do: wait (or type a door number), or nothing (removed)
    if (answer.closed) set("cr_door", answer.waiting ? "waiting" : "closed");
    if (answer.forget) {
      // (a removed student's key is kept: the teacher may bring them back)
      if (!answer.removed) window.localStorage.removeItem(KEY);
      set("cr_door", answer.removed ? "removed" : "");
      set("cr", null);
      return;
    }
    if (answer.page) set("cr_door", "");
    if (answer.token) C.waiting = false;
    if (answer.token) window.localStorage.setItem(KEY, answer.token);
    if (answer.board) {
      const board = answer.board;
      set("board_meshes", boardMeshes(board));
      set("board_parts", boardParts(board));
      C.keys = board.keys || {};
      set("cr_legend", board.legend);
      // (sent only when they changed: a click that moves no piece leaves them as they are)
      if (board.spots) set("cr_spots", board.spots);
      C.gap = null;
      if (!focused()) set("cr_focus", null); // (another board: its focus point is gone)
      set("cr_levels", board.levels);
      set("cr_flat", !!board.flat);
      set("cr_clips", !!board.clips);
      C.labels = board.labels || [];
      makeLabels();
      if (board.key !== C.boardKey) {
        C.boardKey = board.key;
        window.setTimeout(() => camera(board), 50);
      } else {
        window.setTimeout(() => C.refs.view && C.refs.view.render && C.refs.view.render(), 20);
      }
    }
    if (answer.page) {
      const play = answer.page.play;
      // the form's choices start at its defaults on each step (kept through a Retry)
      const form = play && play.form ? play.form.defaults : [];
      const formKey = answer.page.lesson + ":" + answer.page.step + ":" + form.length;
      if (form.length && formKey !== C.formKey) {
        C.formKey = formKey;
        set("cr_form", form.slice());
      }
      if (!play) set("cr_pick", "");
      // the first group's tab on each new set of groups (a die taken, another step)
      const groupKey = formKey + ":" + (play ? play.groups.map((g) => g.title).join("|") : "");
      if (groupKey !== C.groupKey) {
        C.groupKey = groupKey;
        set("cr_group", 0);
      }
      set("cr", answer.page);
      window.Vue.nextTick(inkDice);
      C.version = answer.page.version;
      document.body.dataset.version = String(answer.page.version);
    }
  }

  // A die of the game's docks in its owner's colour: its number in black or white,
  // whichever reads better on that colour (WCAG's contrast: one of the two is at least
  // 4.58:1 on any colour; the docks' own choice, by the colour's name: white on green at
  // 3.8:1, a taken die's grey on white at 3.95:1)
  function luminance(rgb) {
    const linear = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
  }
  function inkDice() {
    for (const die of document.querySelectorAll(".cr-panel-body .cr-die")) {
      const rgb = (getComputedStyle(die).backgroundColor.match(/[\d.]+/g) || []).map(Number);
      if (rgb.length < 3 || rgb[3] === 0) { // (no colour of its own: a taken die, on white)
        die.style.color = "#595959";
        continue;
      }
      const light = luminance(rgb.slice(0, 3));
      die.style.color = (light + 0.05) / 0.05 >= 1.05 / (light + 0.05) ? "black" : "white";
    }
  }

  // The board's parts as the page draws them: each part ever shown keeps its
  // representation (vtk.js's components fail when one is taken down), hidden while the
  // board has no such part, with the state it last drew; a part's state the page has
  // already comes as its key only (parts that draw the same share one).
  function partId(part) { return part.name + ":" + part.kind; }

  function boardParts(board) {
    const now = new Map((board.parts || []).map((part) => [partId(part), part]));
    const parts = get("board_parts").map((old) => {
      const part = now.get(partId(old));
      now.delete(partId(old));
      return part ? Object.assign({ id: partId(part), visible: true }, part)
        : Object.assign({}, old, { visible: false });
    });
    for (const [id, part] of now) parts.push(Object.assign({ id: id, visible: true }, part));
    return parts;
  }

  function boardMeshes(board) {
    const had = get("board_meshes");
    const meshes = {};
    const drawn = new Set((board.parts || []).map(partId));
    const keep = (key) => {
      const state = (board.meshes || {})[key];
      meshes[key] = state !== undefined ? state : had[key];
    };
    for (const old of get("board_parts")) { // (a part hidden keeps what it drew)
      if (drawn.has(old.id)) continue;
      if (had[old.key]) meshes[old.key] = had[old.key];
      if (old.shape && had[old.shape]) meshes[old.shape] = had[old.shape];
    }
    for (const part of board.parts || []) {
      keep(part.key);
      if (part.shape) keep(part.shape); // (glyphs: the shape copied, sent once)
    }
    return meshes;
  }
  const SHOWN = { visibility: true };
  const HIDDEN = { visibility: false };
  C.shown = function (part) { return part.visible ? SHOWN : HIDDEN; };

  // How each part is drawn, by its kind and look (the same objects each time: a
  // representation is not set again for nothing). Spheres are vtk.js's sphere impostors:
  // no cell culled (the impostor is a quad facing the camera); a rim's far half only.
  const RGB = { colorByArrayName: "rgb", scalarMode: 3, colorMode: 0, scalarVisibility: true };
  const LOOKS = {
    balls: { mapper: RGB, property: { opacity: 1.0, specular: 0.2 } },
    points: { mapper: RGB, property: { opacity: 0.55, specular: 0.2 } },
    marks: { mapper: RGB, property: { opacity: 1.0, specular: 0.2 } },
    rims: {
      mapper: RGB,
      property: { opacity: 1.0, frontfaceCulling: true, ambient: 1.0, diffuse: 0.0, specular: 0.0 },
    },
    faint: { mapper: RGB, property: { opacity: 0.16, backfaceCulling: false } },
    // the x-ray: its depth pulled to the front (vtk.js's coincident-topology offset), faint
    xray: {
      mapper: Object.assign({}, RGB, {
        resolveCoincidentTopology: true,
        relativeCoincidentTopologyPolygonOffsetParameters: { factor: 0, offset: -60000 },
      }),
      property: { opacity: 0.35, ambient: 0.4 },
    },
  };
  const SPHERE_LOOKS = {
    rims: { mapper: RGB, property: { opacity: 1.0, ambient: 1.0, diffuse: 0.0, specular: 0.0 } },
  };
  // Glyphs: copies of a shape (its input 1) at the points of input 0, each scaled by its
  // "radius" and coloured by its "rgb" (vtk.js's glyph mapper)
  const GLYPH_LOOKS = {};
  for (const [name, look] of Object.entries(LOOKS)) {
    GLYPH_LOOKS[name] = {
      mapper: Object.assign({}, look.mapper, {
        scaleArray: "radius", scaleMode: 1, scaleFactor: 1.0, scaling: true, orient: false,
      }),
      property: look.property,
    };
  }
  C.look = function (part) {
    if (part.kind === "spheres") return SPHERE_LOOKS[part.look] || LOOKS[part.look] || LOOKS.balls;
    if (part.kind === "glyphs") return GLYPH_LOOKS[part.look] || GLYPH_LOOKS.balls;
    return LOOKS[part.look] || LOOKS.balls;
  };

  // A representation drawn by vtk.js's sphere mapper (impostors: a sphere per point, of
  // the point's "radius" and "rgb"): trame-vtk's build registers vtk.js's OpenGL sphere
  // mapper for the class name "vtkSphereMapper" but has no component for it, so the actor
  // is given its mapper as one (a proxy: vtk.js's objects are frozen) that says that
  // class name and gives the radius, scale array and scale factor it reads, before its
  // first render (the node that draws it is made then, by the class name). The data goes
  // to the mapper itself, as to any representation's.
  //
  // A rim (``far``): the far half of its sphere only (the ray's far root in the sphere
  // mapper's fragment shader, through vtk.js's shader replacements), so the ball inside it
  // hides its near half and only an outline shows round the ball, as the window's rims.
  const NEAR_ROOT = "float t = (-b - invertedDepth*sqrt(d))*0.5;";
  const FAR_HALF = {
    OpenGL: {
      ShaderReplacements: [{
        shaderType: "Fragment",
        originalValue: NEAR_ROOT, // (replaceAll false: the text itself, not a pattern)
        replacementValue: "float t = (-b + sqrt(d))*0.5;",
        replaceFirst: false,
        replaceAll: false,
      }],
    },
  };
  function impostors(representation, far) {
    const mapper = representation.mapper;
    const own = {
      getRadius: () => 0.5,
      getScaleArray: () => "radius",
      getScaleFactor: () => 1.0,
      getClassName: (depth) => (depth ? mapper.getClassName(depth - 1) : "vtkSphereMapper"),
      isA: (kind) => kind === "vtkSphereMapper" || mapper.isA(kind),
    };
    if (far) own.getViewSpecificProperties = () => FAR_HALF;
    const sphere = new Proxy({}, { // (not over the mapper: its own methods are frozen)
      get(_target, name) { return name in own ? own[name] : mapper[name]; },
    });
    representation.actor.setMapper(sphere);
  }

  C.spheres = {
    props: { far: { type: Boolean, default: false } },
    setup(props) {
      impostors(window.Vue.inject("representation"), props.far);
    },
    template: '<div class="cr-spheres"></div>',
  };

  C.interactor = [
    { button: 1, action: "Rotate" },
    { button: 2, action: "Pan" },
    { button: 3, action: "Zoom", scrollEnabled: true },
    { button: 1, action: "Pan", shift: true },
    { button: 1, action: "Zoom", alt: true },
    { button: 1, action: "Roll", control: true },
  ];

  C.join = async function () {
    apply(await call("join", { name: get("cr_name") }));
  };
  // a late student's join by the door number the teacher read out (the class closed)
  C.join_door = async function () {
    apply(await call("join", { name: get("cr_name"), door: get("cr_number") }));
  };

  C.act = async function (action, args) {
    if (!token()) return;
    const started = performance.now();
    const answer = await call("act", { action: action, args: args || [] });
    apply(answer);
    C.lastMs = performance.now() - started;
    // how long from the click (or button) to its answer applied and the next frame drawn
    // after it (the board's new data is drawn by then): tests/bench/classroom.py reads it
    const acted = (Number(document.body.dataset.acted) || 0) + 1;
    window.requestAnimationFrame(() => window.requestAnimationFrame(() => {
      C.drawnMs = performance.now() - started;
      document.body.dataset.drawn = String(acted);
    }));
    document.body.dataset.acted = String(acted);
  };

  // A click (not a drag) on the board: the view ray under the pixel, from the camera,
  // for the server to find the point it meets (as the window's scene picks, on the CPU).
  function sub(a, b) { return a.map((v, i) => v - b[i]); }
  function dot(a, b) { return a.reduce((s, v, i) => s + v * b[i], 0); }
  function cross(a, b) {
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  }
  function unit(a) { const l = Math.hypot(...a); return a.map((v) => v / l); }

  function frame() {
    const view = C.refs.view;
    const canvas = document.querySelector("#cr-view canvas");
    if (!view || !canvas || typeof view.getCamera !== "function") return null;
    const cam = view.getCamera();
    if (!cam || !cam.position) return null;
    const rect = canvas.getBoundingClientRect();
    const ahead = unit(sub(cam.focalPoint, cam.position));
    const right = unit(cross(ahead, cam.viewUp));
    const up = cross(right, ahead);
    const f = 1 / Math.tan(((cam.viewAngle || 30) * Math.PI) / 360);
    return { cam, rect, ahead, right, up, f, aspect: rect.width / rect.height };
  }

  C.ray_at = function (x, y) {
    const s = frame();
    if (!s) return null;
    const nx = ((x - s.rect.left) / s.rect.width) * 2 - 1;
    const ny = 1 - ((y - s.rect.top) / s.rect.height) * 2;
    const way = s.ahead.map((a, i) =>
      a + (nx * s.aspect * s.right[i]) / s.f + (ny * s.up[i]) / s.f);
    return [Array.from(s.cam.position), unit(way)];
  };

  // Where a point of the scene shows on the page (the tests click there).
  C.screen_of = function (point) {
    const s = frame();
    if (!s) return null;
    const v = sub(point, s.cam.position);
    const z = dot(v, s.ahead);
    return [
      s.rect.left + ((1 + (s.f * dot(v, s.right)) / z / s.aspect) / 2) * s.rect.width,
      s.rect.top + ((1 - (s.f * dot(v, s.up)) / z) / 2) * s.rect.height,
    ];
  };

  // The board's names and the frame's labels: text over the board at their points,
  // placed anew as the camera moves (a few times a second; nothing when there are none).
  function makeLabels() {
    const box = document.getElementById("cr-labels");
    if (!box) return;
    box.textContent = "";
    for (const label of C.labels || []) {
      const span = document.createElement("span");
      span.className = "cr-label cr-label-" + label.kind;
      span.textContent = label.text;
      box.appendChild(span);
    }
    placeLabels();
  }

  function placeLabels() {
    if (get("cr_board_focus")) placeFocus();
    const box = document.getElementById("cr-labels");
    const canvas = document.querySelector("#cr-view canvas");
    if (!box || !canvas || !(C.labels || []).length) return;
    const rect = canvas.getBoundingClientRect();
    const spans = box.children;
    for (let i = 0; i < spans.length && i < C.labels.length; i += 1) {
      const at = C.screen_of(C.labels[i].at);
      const span = spans[i];
      const inside = at && at[0] >= rect.left && at[0] <= rect.right &&
        at[1] >= rect.top && at[1] <= rect.bottom;
      span.style.display = inside ? "" : "none";
      if (inside) {
        span.style.left = Math.round(at[0]) + "px";
        span.style.top = Math.round(at[1]) + "px";
      }
    }
  }
  C.place_labels = placeLabels;
  // Where the label ``text`` shows on the page (the tests look for the corners' names).
  C.labels_at = function (text) {
    const label = (C.labels || []).find((l) => l.text === text);
    return label ? C.screen_of(label.at) : null;
  };

  // A click (the left button let go where it was pressed) is the page's; a drag is
  // vtk.js's (it turns the board). vtk.js is given the press only once the pointer moves:
  // a click then costs it no frame (a frame drawn at the press and one at the release, in
  // software WebGL a tenth of a second each, held the answer back).
  const HANDED = new WeakSet(); // the presses handed to vtk.js (let through)
  function listen() {
    const board = document.getElementById("cr-view");
    if (!board || board.dataset.listening) return;
    board.dataset.listening = "1";
    board.addEventListener("pointerdown", (e) => {
      if (HANDED.has(e) || e.button !== 0) return; // (another button: vtk.js's at once)
      if (C.down && C.down.event.pointerId !== e.pointerId) {
        hand(C.down); // a second finger: a pinch, vtk.js's, both fingers (issue 107)
        return;
      }
      C.down = { x: e.clientX, y: e.clientY, event: e, dragging: false };
      e.stopPropagation();
    }, true);
    board.addEventListener("pointermove", (e) => {
      const down = C.down;
      if (!down || down.dragging || e.pointerId !== down.event.pointerId) return;
      if (Math.hypot(e.clientX - down.x, e.clientY - down.y) <= 4) {
        e.stopPropagation();
        return;
      }
      hand(down);
    }, true);
    // a drag (or a pinch): vtk.js has the press now, where it was
    function hand(down) {
      if (down.dragging) return;
      down.dragging = true;
      const first = down.event;
      const press = new PointerEvent("pointerdown", {
        bubbles: true, cancelable: true, composed: true, clientX: first.clientX,
        clientY: first.clientY, screenX: first.screenX, screenY: first.screenY, button: 0,
        buttons: 1, pointerId: first.pointerId, pointerType: first.pointerType,
        isPrimary: first.isPrimary, shiftKey: first.shiftKey, ctrlKey: first.ctrlKey,
        altKey: first.altKey, metaKey: first.metaKey,
      });
      HANDED.add(press);
      first.target.dispatchEvent(press);
    }
    board.addEventListener("pointerup", (e) => {
      const down = C.down;
      if (!down || e.button !== 0 || e.pointerId !== down.event.pointerId) return;
      C.down = null;
      if (down.dragging) return; // the drag ends in vtk.js
      e.stopPropagation();
      const ray = C.ray_at(e.clientX, e.clientY);
      if (ray) C.act("click", ray);
    }, true);
  }

  // ---- the board by keyboard (issue 107): a focus point moves along the board's spots
  // (the sites a click reaches, sent with the board), drawn over the board and named in
  // the live region; Enter or Space sends the click a mouse sends there: the view ray
  // through its centre (started just before it: a point a ball hides is clicked, and a
  // second Enter on a ball takes the point-behind offer, as a second click does).
  // Arrow keys: along a level, as the board shows it on the screen (the camera's right and
  // up, laid on the board); Page Up / Page Down or + / -: a level up or down; Home: a
  // corner of the lowest level; End: the highest point.
  function gap() {
    if (C.gap) return C.gap;
    const spots = get("cr_spots");
    let least = Infinity;
    for (let i = 0; i < Math.min(spots.length, 60); i += 1) {
      for (let j = i + 1; j < spots.length; j += 1) {
        const d = Math.hypot(...sub(spots[i].at, spots[j].at));
        if (d > 1e-9 && d < least) least = d;
      }
    }
    C.gap = Number.isFinite(least) ? least : 1;
    return C.gap;
  }
  function focused() {
    const key = get("cr_focus");
    return get("cr_spots").find((s) => s.point.join(",") === key) || null;
  }
  // a spot's level: a pyramid's points have three coordinates, the last their level
  // (a stepped pyramid's squares, a grid's, a map's hexes: one level, whatever their height)
  function levelOf(spot) {
    return !get("cr_flat") && spot.point.length === 3 ? spot.point[2] : 0;
  }
  // the spot from ``here`` the key ``way`` goes to (null: none that way)
  function stepped(here, way) {
    const spots = get("cr_spots");
    const g = gap();
    const level = (s) => levelOf(s) === levelOf(here);
    if (way === "up" || way === "down") {
      const sign = way === "up" ? 1 : -1;
      const found = spots.filter((s) => sign * (levelOf(s) - levelOf(here)) > 0);
      const next = found.length ? Math.min(...found.map((s) => sign * levelOf(s))) : 0;
      return nearest(found.filter((s) => sign * levelOf(s) === next), here.at);
    }
    const s = frame();
    const flat = (v) => { const l = Math.hypot(v[0], v[1]) || 1; return [v[0] / l, v[1] / l]; };
    const right = s ? flat(s.right) : [1, 0];
    const upward = s ? flat(s.ahead[2] < -0.95 ? s.up : s.ahead) : [0, 1];
    const dir = { right: right, left: [-right[0], -right[1]], back: upward, front: [-upward[0], -upward[1]] }[way];
    let best = null;
    let score = Infinity;
    for (const spot of spots) {
      if (spot === here || !level(spot)) continue;
      const d = sub(spot.at, here.at);
      const along = d[0] * dir[0] + d[1] * dir[1];
      if (along < 0.2 * g) continue;
      const across = Math.abs(d[0] * dir[1] - d[1] * dir[0]);
      if (across > along * 1.5) continue;
      const cost = along + 2 * across;
      if (cost < score) { score = cost; best = spot; }
    }
    return best;
  }
  function nearest(spots, at) {
    let best = null;
    let least = Infinity;
    for (const spot of spots) {
      const d = Math.hypot(...sub(spot.at, at));
      if (d < least) { least = d; best = spot; }
    }
    return best;
  }
  function corner() {
    const spots = get("cr_spots");
    if (!spots.length) return null;
    const low = Math.min(...spots.map(levelOf));
    const base = spots.filter((s) => levelOf(s) === low);
    return base.reduce((a, b) => (b.at[0] + b.at[1] < a.at[0] + a.at[1] ? b : a));
  }
  function top() {
    const spots = get("cr_spots");
    if (!spots.length) return null;
    const high = Math.max(...spots.map(levelOf));
    const level = spots.filter((s) => levelOf(s) === high); // (one level: the far corner)
    return level.reduce((a, b) => (b.at[0] + b.at[1] > a.at[0] + a.at[1] ? b : a));
  }
  function focusOn(spot) {
    if (!spot) return;
    set("cr_focus", spot.point.join(","));
    set("cr_board_focus", true); // (a board focused by a click shows it at the first key)
    placeFocus();
    say(spot.words);
  }
  const WAYS = {
    ArrowRight: "right", ArrowLeft: "left", ArrowUp: "back", ArrowDown: "front",
    PageUp: "up", PageDown: "down", "+": "up", "-": "down",
  };
  C.board_key = function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key;
    const here = focused();
    let spot = null;
    if (key in WAYS) spot = here ? stepped(here, WAYS[key]) || here : corner();
    else if (key === "Home") spot = corner();
    else if (key === "End") spot = top();
    else if (key === "Enter" || key === " ") {
      event.preventDefault();
      event.stopPropagation();
      if (here) pickSpot(here);
      else focusOn(corner());
      return;
    } else return;
    event.preventDefault();
    event.stopPropagation();
    focusOn(spot);
  };
  function pickSpot(spot) {
    const s = frame();
    if (!s) return;
    const way = unit(sub(spot.at, s.cam.position));
    const start = spot.at.map((v, i) => v - way[i] * 0.05 * gap());
    C.act("click", [start, way]);
  }
  function placeFocus() {
    const ring = document.getElementById("cr-focus");
    const spot = focused();
    if (!ring || !spot) return;
    const at = C.screen_of(spot.at);
    if (!at) return;
    ring.style.left = Math.round(at[0]) + "px";
    ring.style.top = Math.round(at[1]) + "px";
  }
  C.place_focus = placeFocus;

  C.view = function (change) {
    const page = get("cr");
    if (!page) return;
    const view = Object.assign({}, page.view, change);
    C.act("view", [view.top, view.peel, view.clip]);
  };

  C.reset_camera = function () {
    C.boardKey = null;
    C.act("view", [get("cr").view.top, get("cr").view.peel, get("cr").view.clip]);
  };

  async function resume() {
    if (token()) {
      const answer = await call("resume", { key: token() });
      if (answer && !answer.same) apply(answer);
    }
  }

  C.student_mounted = async function () {
    listen();
    W.pushed = apply;
    W.wanted = () => !!token() || !!C.waiting;
    await C.ready;
    await resume();
    if (!C.labelTimer) C.labelTimer = window.setInterval(placeLabels, 120);
    // connected again after a lost connection (a server restarted): the page asks for its
    // place anew and frames the board again, as on a first load
    C.onConnect(() => {
      C.boardKey = null;
      if (token()) resume();
      else if (C.waiting) C.join(); // (asked again: the class forgot a page it lost)
    });
  };

  // ---- the teacher's page ----

  function code() { return get("teacher_code"); }

  // The connection proves the code once; its orders then need none (a new connection,
  // after a lost one, proves it again).
  async function teacher(order, args) {
    if (!code()) return;
    if (!C.proven) {
      const proof = await call("teacher", { code: code() });
      if (!proof) return;
      if (proof.error) {
        set("cr_msg", proof.error);
        set("teacher", null);
        return;
      }
      C.proven = true;
      if (!order) return shown(proof);
    }
    const answer = await call("teacher", { order: order || null, args: args || null });
    if (!answer) return;
    if (answer.csv !== undefined) return answer.csv;
    // what the last order did stays said until the next order: lines pushed say nothing new
    if (order) C.teacherSaid = answer.said || "";
    else if (!answer.error) answer.said = C.teacherSaid || "";
    return shown(answer);
  }

  function pushedLines(answer) {
    if (!C.proven || answer.error) return;
    answer.said = C.teacherSaid || "";
    shown(answer);
  }

  function shown(answer) {
    set("cr_msg", answer.error || "");
    if (answer.error) {
      const unproven = [N_("that is not this class's code"), N_("too many wrong class codes on this page: reload it to try again")];
      if (/class's code|wrong class codes/.test(answer.error) || unproven.some((w) => answer.error === t(w))) {
        C.proven = false;
        set("teacher", null);
      }
      return;
    }
    if (answer.csv !== undefined) return answer.csv;
    // a join ticked that waits no more (let in, refused, gone) is ticked no more
    const waiting = answer.waiting.map((w) => w.id);
    const ticked = get("teacher_waiting_picked");
    if (ticked.some((id) => !waiting.includes(id))) {
      set("teacher_waiting_picked", ticked.filter((id) => waiting.includes(id)));
    }
    const removed = new Set(answer.removed.map((g) => g.id));
    const gone = get("teacher_removed_picked");
    if (gone.some((id) => !removed.has(id))) {
      set("teacher_removed_picked", gone.filter((id) => removed.has(id)));
    }
    const rows = new Set(answer.rows.map((r) => r.id));
    const picked = get("teacher_picked");
    if (picked.some((id) => !rows.has(id))) set("teacher_picked", picked.filter((id) => rows.has(id)));
    const had = document.activeElement;
    const before = get("teacher");
    if (before && answer.waiting.length > before.waiting.length) {
      say(t("Asking to join ({count}):", { count: answer.waiting.length }) + " " +
        answer.waiting.map((w) => w.name).join(", "));
    }
    set("teacher", answer);
    window.Vue.nextTick(() => keepFocus(had));
    document.body.dataset.rows = String(answer.rows.length);
    document.body.dataset.waiting = String(answer.waiting.length);
  }

  // The teacher's focus where the work is (issue 107): a control that an answer took away
  // (the code's box once it opened the class, a join let in or refused, a student brought
  // back) hands the focus on: to the next join waiting, else to the class's orders.
  const NEXT_WORK = [".cr-admit", "#cr-teacher-lesson"];
  function keepFocus(had) {
    if (!had || had === document.body || had.isConnected) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    for (const selector of NEXT_WORK) if (focus(selector)) return;
  }

  C.teacher_code = function () {
    window.location.hash = "code=" + encodeURIComponent(code());
    C.proven = false;
    teacher();
  };

  // Remove asks first: it names the students and says what goes with them
  C.remove = function (ids) {
    const rows = (get("teacher") || { rows: [] }).rows.filter((r) => ids.includes(r.id));
    if (!rows.length) return;
    // the question takes the focus (its safe answer, Keep: Enter or Escape keeps them)
    // and gives it back, to the button that asked (or, the students gone, to "Removed")
    C.asker = document.activeElement;
    set("teacher_confirm", { ids: rows.map((r) => r.id), names: rows.map((r) => r.name) });
    window.Vue.nextTick(() => focus("#cr-confirm-no"));
  };
  function focus(selector) {
    const found = document.querySelector(selector);
    if (found) found.focus();
    return !!found;
  }
  function giveBack() {
    const asker = C.asker;
    C.asker = null;
    window.Vue.nextTick(() => {
      if (asker && asker.isConnected && !asker.disabled) asker.focus();
      else focus("#cr-removed summary") || focus("#cr-remove-picked");
    });
  }
  C.keep = function () {
    set("teacher_confirm", null);
    giveBack();
  };
  C.remove_picked = function () { C.remove(get("teacher_picked").slice()); };
  // "Remove NAMES from the class?", the names in bold (each escaped: a name is a student's)
  function escaped(text) {
    const box = document.createElement("span");
    box.textContent = text;
    return box.innerHTML;
  }
  C.remove_question = function (names) {
    const shown = names.length > 6
      ? t("{names} and {count} more", { names: names.slice(0, 6).join(", "), count: names.length - 6 })
      : names.join(", ");
    const [before, after] = escaped(t("Remove {names} from the class?")).split("{names}");
    return before + "<b>" + escaped(shown) + "</b>" + (after || "");
  };
  C.confirm_remove = async function () {
    const asked = get("teacher_confirm");
    set("teacher_confirm", null);
    if (!asked) return;
    await teacher("remove", [asked.ids]);
    set("teacher_picked", []);
    giveBack();
  };
  C.pick_all = function (on) {
    set("teacher_picked", on ? get("teacher").rows.map((r) => r.id) : []);
  };
  C.bring_back = function (id) { teacher("bring_back", [[id]]); };
  // the removed students ticked, brought back in one message (however many)
  C.bring_back_picked = async function () {
    const ids = get("teacher_removed_picked").slice();
    if (!ids.length) return;
    await teacher("bring_back", [ids]);
    set("teacher_removed_picked", []);
  };
  C.pick_all_removed = function (on) {
    set("teacher_removed_picked", on ? get("teacher").removed.map((g) => g.id) : []);
  };
  C.door = function () { teacher("door"); };
  C.close_class = function (closed) { teacher("close", [closed]); };
  C.admit = function (id) { teacher("admit", [id]); };
  C.refuse = function (id) { teacher("refuse", [id]); };
  // the joins ticked, answered at once (one message: a flood of fillers refused in one go)
  async function answerPicked(order) {
    const ids = get("teacher_waiting_picked").slice();
    if (!ids.length) return;
    await teacher(order, [ids]);
    set("teacher_waiting_picked", []);
  }
  C.admit_picked = function () { return answerPicked("admit"); };
  C.refuse_picked = function () { return answerPicked("refuse"); };
  C.pick_all_waiting = function (on) {
    set("teacher_waiting_picked", on ? get("teacher").waiting.map((w) => w.id) : []);
  };

  C.everyone = function () {
    teacher("everyone", [Number(get("teacher_lesson")), Number(get("teacher_step")) - 1]);
  };

  C.csv = async function () {
    const text = await teacher("csv");
    if (text === undefined) return;
    const blob = new Blob([text], { type: "text/csv" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = "classroom-results.csv";
    document.body.appendChild(link);
    link.click();
    link.remove();
  };

  C.teacher_mounted = async function () {
    const found = /code=([^&]+)/.exec(window.location.hash);
    if (found) set("teacher_code", decodeURIComponent(found[1]));
    W.pushed = pushedLines;
    W.wanted = () => !!C.proven;
    C.onConnect(() => { C.proven = false; teacher(); });
    await C.ready;
    teacher();
  };

  // ---- the page: Vue with vtk.js's components, mounted when the document is read ----
  C.ready = new Promise((resolve) => { C.readied = resolve; });

  // the page's words first (a page drawn in English, then in its language, would flicker)
  async function start() {
    const words = await fetchWords(chosenLanguage());
    if (words) {
      DATA.cr_words = words;
      DATA.cr_language = words.language;
      document.documentElement.lang = words.language.replace("_", "-");
    }
    C.title = document.title;
    document.title = t(C.title);
    const page = document.body.dataset.page;
    const app = window.Vue.createApp({
      template: "#page",
      data() { return DATA; },
      methods: {
        shownGroup() {
          const groups = (this.cr && this.cr.play && this.cr.play.groups) || [];
          return Math.min(this.cr_group, Math.max(0, groups.length - 1));
        },
      },
      mounted() {
        vm = this;
        if (page === "teacher") C.teacher_mounted();
        else C.student_mounted();
      },
    });
    app.config.globalProperties.classroom = C;
    app.config.globalProperties.t = C.t;
    app.config.globalProperties.tn = C.tn;
    app.component("cr-language", C.language_picker);
    if (window.vue_vtk) app.use(window.vue_vtk); // (the teacher's page loads no vtk.js)
    app.component("cr-spheres", C.spheres);
    app.mount("#app");
    C.readied();
  }

  window.classroom = C;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
