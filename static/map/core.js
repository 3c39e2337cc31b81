// GeoPlunge's map core: one ES module, the same map in both hosts. Each host has a thin
// adapter that loads this module, hands it plotly.js and the outlines, passes it the data the
// page (or the notebook) sends, and forwards the picks it reports:
//   - geomap.js: the Streamlit component (ui/maps.py `us_map`), loading everything from the
//     app's static folder;
//   - widgets/map.js: the anywidget widget (widgets/map.py `GeoMap`), which receives this
//     module, plotly.js and the outlines from the kernel.
//
// plotly.js draws the choropleth of our own GeoJSON once per map; from then on the browser
// owns every gesture. A click or tap is hit-tested on the drawn outline under the pointer (the
// SVG path, or a small state's callout box) and toggles the state at once by repainting that
// one path; the host learns the selection through `report`, so no server round trip stands
// between a click and its colour. New data (roles, notes, marks and zoom) is applied to the
// drawn paths without asking plotly to draw again.
//
// Zoom and pan transform the drawn layer (an SVG transform, so outlines stay crisp, with
// non-scaling strokes); labels, callouts and links sit in an overlay positioned from the
// same transform, so their size never changes. Keyboard: Tab enters the map, arrow keys
// move to the nearest state in that direction, letters jump to a state by name, Enter or
// Space toggles it, + and - zoom, 0 shows the whole map.

const EMPTY_TOPOLOGY =
  "data:application/json," +
  encodeURIComponent('{"type":"Topology","objects":{},"arcs":[]}') +
  "#";
const SVG = "http://www.w3.org/2000/svg";
const ASPECT = 1.7; // width : height of the 50 states in the Albers USA projection
const MAX_ZOOM = 12; // times the whole-map view
const BIG_ENOUGH = 36; // px: a state this big on screen needs no callout
const NORTHEAST = ["ME", "NH", "VT", "MA", "RI", "CT", "NY", "NJ", "PA", "DE", "MD"];
// Small states answer to a labelled box in the Atlantic, in this order, top to bottom.
const CALLOUTS = ["VT", "NH", "MA", "RI", "CT", "NJ", "DE", "MD"];
const TOUCH = window.matchMedia?.("(pointer: coarse)").matches ?? false;

const el = (tag, attrs = {}, ns = null) => {
  const node = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
};
// The map's own words come with its data, in the reader's language (ui/map_data.py
// `map_words`); these English ones are only the fallback for data without them.
const WORDS = {
  click: { Click: "Click", click: "click", Tap: "Tap", tap: "tap" },
  zoom_in: "Zoom in",
  zoom_out: "Zoom out",
  northeast: "Zoom to the Northeast",
  whole: "Show the whole map",
  failed: "The map could not be drawn ({error}). Use the lists below it.",
  more: "{names} and {n} more",
  a_state: "a state",
  this_state: "This state",
  not_a_choice: "{name} is not one of the choices here.",
  picked: "{name} picked.",
  removed: "{name} removed.",
};
const LABEL = "Map of the United States";
const fill = (text, values) => text.replace(/\{(\w+)\}/g, (all, k) => (k in values ? String(values[k]) : all));
const ordinal = (n) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `your ${n}${s}`;
};

export class GeoMap {
  /** ``parent``: the element to draw in; ``assets``: a promise of ``[Plotly, outlines]`` (the
   * plotly.js object and the parsed states.json), which the host loads its own way. */
  constructor(parent, assets) {
    this.parent = parent;
    this.data = null;
    this.selection = [];
    this.rev = null;
    this.viewKey = null; // what the page's view depends on (see pageView())
    this.own = null; // the view the student chose, relative to the whole map (see relative())
    this.refit = false;
    this.k = 1;
    this.t = [0, 0];
    this.focusCode = null;
    this.typed = "";
    this.typedAt = 0;
    this.paths = new Map(); // USPS -> drawn path
    this.anchors = new Map(); // USPS -> [x, y] in the drawn layer's coordinates
    this.ready = false;
    this.build();
    this.nameKey = null; // the names the states are sorted by (see sortNames())
    assets
      .then(([Plotly, geo]) => this.draw(Plotly, geo))
      .catch((err) => {
        this.note.textContent = fill(this.word("failed"), { error: err.message });
        this.note.hidden = false;
      });
  }

  build() {
    this.root = el("div", { class: "gpm" });
    this.top = el("div", { class: "gpm-top" });
    this.hint = el("p", { class: "gpm-hint" });
    this.stage = el("div", { class: "gpm-stage" });
    this.plot = el("div", { class: "gpm-plot", "aria-hidden": "false" });
    this.over = el("svg", { class: "gpm-over", "aria-hidden": "true" }, SVG);
    this.tip = el("div", { class: "gpm-tip", hidden: "" });
    this.tools = el("div", { class: "gpm-tools" });
    const tool = (text, word, onclick) => {
      const label = WORDS[word];
      const b = el("button", { type: "button", "aria-label": label, title: label, "data-word": word });
      b.textContent = text;
      b.addEventListener("click", (e) => {
        e.stopPropagation();
        onclick();
      });
      this.tools.appendChild(b);
      return b;
    };
    tool("+", "zoom_in", () => this.zoomBy(1.6));
    tool("−", "zoom_out", () => this.zoomBy(1 / 1.6));
    this.neButton = tool("NE", "northeast", () => this.zoomToStates(NORTHEAST));
    tool("⤢", "whole", () => this.home());
    this.note = el("p", { class: "gpm-note", role: "status", hidden: "" });
    this.legend = el("ul", { class: "gpm-legend" });
    this.live = el("div", { class: "gpm-live", "aria-live": "polite" });
    this.top.append(this.hint, this.tools);
    this.stage.append(this.plot, this.over, this.tip);
    this.root.append(this.top, this.stage, this.note, this.legend, this.live);
    this.parent.appendChild(this.root);

    this.stage.addEventListener("click", (e) => this.onClick(e));
    this.stage.addEventListener("pointermove", (e) => this.onHover(e));
    this.stage.addEventListener("pointerleave", () => this.hideTip());
    this.stage.addEventListener("pointerup", (e) => (this.lastUp = { x: e.clientX, y: e.clientY, at: e.timeStamp }));
    this.stage.addEventListener("pointerdown", (e) => {
      this.pressedAt = performance.now();
      this.onPointerDown(e);
    });
    this.stage.addEventListener("wheel", (e) => this.onWheel(e), { passive: false });
    this.stage.addEventListener("touchstart", (e) => this.onTouch(e), { passive: false });
    this.stage.addEventListener("touchmove", (e) => this.onTouch(e), { passive: false });
    this.stage.addEventListener("touchend", (e) => this.onTouch(e));
    this.stage.addEventListener("keydown", (e) => this.onKey(e));
    this.stage.addEventListener("focusin", (e) => this.onFocus(e));
    this.stage.addEventListener("focusout", () => this.drawRing("focus", null));
    this.resizer = new ResizeObserver(() => this.onResize());
    this.resizer.observe(this.root);
  }

  // Streamlit may drop a rerun's element and draw it again a moment later (a rerun asked for
  // while the previous run's messages were still queued); the new map then takes over what
  // the student did on the old one, which no rerun has sent back yet: the picks, the view
  // and the focus. Only while the page has not changed the picks or its zoom since.
  keep() {
    if (!this.data?.id) return;
    const focused = document.activeElement?.closest?.(".gpm-stage") === this.stage;
    kept.set(this.data.id, {
      rev: this.rev,
      viewKey: this.viewKey,
      selection: this.selection,
      own: this.own,
      focus: focused ? this.focusCode : null,
    });
  }

  takeOver(data) {
    const was = kept.get(data.id);
    kept.delete(data.id);
    if (!was || was.rev !== data.rev) return null;
    this.rev = was.rev;
    if (was.viewKey === pageView(data)) {
      this.viewKey = was.viewKey;
      this.own = was.own;
      this.refit = true;
    }
    this.refocus = was.focus;
    return was;
  }

  destroy() {
    this.keep();
    this.resizer.disconnect();
    clearTimeout(this.noteTimer);
    if (this.Plotly && this.ready) this.Plotly.purge(this.plot);
    this.root.remove();
  }

  // --- words ---------------------------------------------------------------------------------

  /** One of the map's own words, in the page's language (see WORDS). */
  word(key) {
    return this.data?.text?.[key] ?? WORDS[key];
  }

  /** The states' names as the page sends them (its language), else the outlines' own. */
  stateName(code) {
    return this.data?.names?.[code] ?? this.names?.get(code) ?? code;
  }

  // The order of the states by name, for the legend and the keyboard's type-ahead, in the
  // language of the names (again only when the page sends other names).
  sortNames() {
    if (!this.codes) return;
    const key = JSON.stringify(this.data?.names ?? null);
    if (key === this.nameKey) return;
    this.nameKey = key;
    const lang = document.documentElement.lang || undefined;
    this.byName = [...this.codes].sort((a, b) => this.stateName(a).localeCompare(this.stateName(b), lang));
  }

  listing(names, most = 10) {
    if (names.length <= most) return names.join(", ");
    return fill(this.word("more"), { names: names.slice(0, most).join(", "), n: names.length - most });
  }

  verb(text) {
    const click = { ...WORDS.click, ...this.word("click") };
    const [cap, low] = TOUCH ? [click.Tap, click.tap] : [click.Click, click.click];
    return text.replaceAll("{Click}", cap).replaceAll("{click}", low);
  }

  // --- data from Python ---------------------------------------------------------------------

  /** New data from the host; ``report(value)`` is how the host learns the picks (``value``:
   * ``{picks, at}``, where ``at`` tells one report from the next even when the picks are the
   * same). */
  update(data, report) {
    this.report = report;
    const first = this.data === null;
    this.data = data;
    const was = first ? this.takeOver(data) : null;
    if (was) this.selection = was.selection.filter((c) => this.canPick(c));
    else if (first || data.rev !== this.rev) {
      this.selection = (data.selected || []).filter((c) => this.canPick(c));
      this.rev = data.rev;
    }
    this.hint.textContent = data.hint ? this.verb(data.hint) : "";
    for (const b of this.tools.querySelectorAll("button[data-word]")) {
      const label = this.word(b.dataset.word);
      b.setAttribute("aria-label", label);
      b.setAttribute("title", label);
    }
    this.sortNames();
    this.hint.hidden = !data.hint;
    this.tools.hidden = data.tools === false;
    const picking = data.pick !== "none";
    this.stage.setAttribute("role", picking ? (data.pick === "one" ? "radiogroup" : "group") : "img");
    this.stage.setAttribute("aria-label", data.label || LABEL);
    if (!this.ready) {
      // The map's room is kept while plotly.js loads: nothing below it moves when it draws.
      if (!this.drawn) this.stage.style.height = `${this.size()[1]}px`;
      return;
    }
    this.resize();
    this.paint();
    // A view is worked out from the outlines plotly drew; while it draws them for a new size,
    // the old ones would give the view of the old size (a shorter map's view is 1.26× too
    // large for a taller one). adopt() calls this again once the new outlines are there.
    if (!this.plotted || this.plotted[0] !== this.drawn[0] || this.plotted[1] !== this.drawn[1]) return;
    const viewKey = pageView(data);
    if (viewKey !== this.viewKey) {
      this.viewKey = viewKey;
      this.refit = false;
      this.fitPage();
    } else if (this.refit) {
      this.refit = false;
      if (this.own) this.restore(this.own);
      else this.fitPage();
    }
  }

  canPick(code) {
    const d = this.data;
    return d.pick !== "none" && (!d.choices || d.choices.includes(code));
  }

  // --- drawing ------------------------------------------------------------------------------

  // The stage's size: the width it is given, and the height of the 50 states at that width,
  // at most the page's height, at least the column of small-state boxes (a shorter map would
  // cut the last boxes off: BorderCap Gin's round result asks for 200 px).
  size() {
    const width = Math.max(200, Math.round(this.root.clientWidth));
    const cap = this.data?.height || 440;
    const fit = Math.round((width - this.calloutRoom(width)) / ASPECT);
    const column = CALLOUTS.length * (this.calloutSize(width) + 3) + 8;
    return [width, Math.max(column, Math.min(cap, fit))];
  }

  async draw(Plotly, geo) {
    this.Plotly = Plotly;
    this.geo = geo;
    this.names = new Map(geo.features.map((f) => [f.id, f.properties.name]));
    this.codes = geo.features.map((f) => f.id);
    this.sortNames();
    const [width, height] = this.size();
    this.drawn = [width, height];
    this.stage.style.height = `${height}px`;
    const anchors = geo.anchors;
    await Plotly.newPlot(
      this.plot,
      [
        {
          type: "choropleth",
          geojson: geo,
          featureidkey: "id",
          locations: this.codes,
          z: this.codes.map(() => 0),
          zmin: 0,
          zmax: 1,
          colorscale: [
            [0, "#dcdcdc"],
            [1, "#dcdcdc"],
          ],
          showscale: false,
          marker: { line: { color: "#ffffff", width: 0.8 } },
        },
        {
          type: "scattergeo",
          lon: this.codes.map((c) => anchors[c][0]),
          lat: this.codes.map((c) => anchors[c][1]),
          mode: "markers",
          marker: { size: 1, opacity: 0 },
          hoverinfo: "skip",
        },
      ],
      {
        width,
        height,
        geo: { projection: { type: "albers usa" }, visible: false, bgcolor: "rgba(0,0,0,0)" },
        margin: { l: 0, r: 0, t: 0, b: 0 },
        paper_bgcolor: "rgba(0,0,0,0)",
        showlegend: false,
        dragmode: false,
      },
      { staticPlot: true, topojsonURL: EMPTY_TOPOLOGY },
    );
    this.plot.on?.("plotly_afterplot", () => this.adopt());
    this.adopt();
    this.ready = true;
    this.update(this.data, this.report);
    if (this.refocus) this.focusState(this.refocus);
    this.refocus = null;
  }

  // After every plotly draw: find the paths and anchors, and put our layers back.
  adopt() {
    this.paths.clear();
    for (const path of this.plot.querySelectorAll("path.choroplethlocation")) {
      const code = path.__data__?.loc;
      if (!code) continue;
      path.dataset.usps = code;
      this.paths.set(code, path);
    }
    const points = this.plot.querySelectorAll(".scatterlayer path.point");
    points.forEach((p, i) => {
      const m = /translate\(([-\d.e]+),\s*([-\d.e]+)\)/.exec(p.getAttribute("transform") || "");
      if (m) this.anchors.set(this.codes[i], [parseFloat(m[1]), parseFloat(m[2])]);
    });
    const geoLayer = this.plot.querySelector("g.geo");
    // plotly clips the geo layer to the frame it fitted the projection in, which is smaller
    // than the stage whenever their shapes differ: our own view would lose Alaska, Hawaii,
    // Florida and Washington's edges to it. The stage itself hides what lies outside it.
    geoLayer?.removeAttribute("clip-path");
    this.layer = geoLayer?.querySelector("g.layer.backplot");
    this.rings = geoLayer?.querySelector("g.gpm-rings");
    if (geoLayer && !this.rings) {
      this.rings = el("g", { class: "gpm-rings" }, SVG);
      geoLayer.appendChild(this.rings);
    }
    this.extent = this.boxOf(this.codes);
    const layout = this.plot._fullLayout;
    this.plotted = layout ? [layout.width, layout.height] : this.drawn; // the size they are drawn for
    this.draws = (this.draws || 0) + 1;
    if (this.ready) this.update(this.data, this.report);
  }

  resize() {
    const [width, height] = this.size();
    if (this.drawn && width === this.drawn[0] && height === this.drawn[1]) return;
    this.drawn = [width, height];
    this.stage.style.height = `${height}px`;
    this.refit = true; // the same view again once plotly has drawn the new size
    const focused = document.activeElement?.closest?.(".gpm-stage") === this.stage;
    // plotly draws new paths: a keyboard user's focus moves to the new path of the same state
    this.Plotly.relayout(this.plot, { width, height }).then(() => focused && this.focusState(this.focusCode));
  }

  onResize() {
    if (!this.ready) return;
    clearTimeout(this.resizeTimer);
    this.resizeTimer = setTimeout(() => this.resize(), 80);
  }

  style(role) {
    return this.data.styles[role] || this.data.styles.neutral;
  }

  roleOf(code) {
    if (this.selection.includes(code)) return this.data.pick_role || "selected";
    return this.data.roles[code] || "neutral";
  }

  // A map that holds a state of an anonymous role (the highlighted state whose name is the
  // answer) names no state: that one is called by its role's label, the others by nothing, and
  // no box carries a postal code, so that neither words nor elimination give the answer away.
  get secret() {
    return Object.values(this.data.roles || {}).some((r) => this.style(r).anonymous);
  }

  nameOf(code, role = this.roleOf(code)) {
    const s = this.style(role);
    if (s.anonymous) return s.label;
    return this.secret ? null : this.stateName(code);
  }

  // Colours, outlines, accessible names, labels and the legend, from roles and selection.
  paint() {
    const d = this.data;
    const picking = d.pick !== "none";
    const emphasised = [];
    for (const [code, path] of this.paths) {
      const role = this.roleOf(code);
      const s = this.style(role);
      path.style.fill = s.fill;
      if (s.line) emphasised.push([code, s.line]);
      const label = this.accessibleName(code, role);
      if (picking) {
        const pickable = this.canPick(code);
        path.setAttribute("role", d.pick === "one" ? "radio" : "checkbox");
        path.setAttribute("aria-checked", String(this.selection.includes(code)));
        if (pickable) path.removeAttribute("aria-disabled");
        else path.setAttribute("aria-disabled", "true");
        path.setAttribute("aria-label", label);
        path.setAttribute("tabindex", "-1");
      } else {
        for (const a of ["role", "aria-checked", "aria-disabled", "aria-label", "tabindex"]) {
          path.removeAttribute(a);
        }
      }
    }
    if (picking) {
      const start = this.focusCode && this.paths.has(this.focusCode) ? this.focusCode : this.firstFocus();
      this.paths.get(start)?.setAttribute("tabindex", "0");
      this.focusCode = start;
    }
    this.root.classList.toggle("gpm-picking", picking);
    this.root.classList.toggle("gpm-small", this.drawn[0] < 560);
    this.drawOutlines(emphasised);
    this.drawOverlay();
    this.drawLegend();
    if (!picking) this.stage.setAttribute("aria-label", this.summary());
  }

  firstFocus() {
    const d = this.data;
    return (
      this.selection[0] ||
      this.codes.find((c) => d.roles[c] === "target") ||
      (d.choices && d.choices[0]) ||
      "KS"
    );
  }

  accessibleName(code, role) {
    const parts = [this.nameOf(code, role) ?? this.word("a_state")];
    const label = this.style(role).label;
    if (label && !this.style(role).anonymous) parts.push(label);
    if (this.data.pick === "order" && this.selection.includes(code)) {
      const n = this.selection.indexOf(code) + 1;
      parts.push(this.data.text?.yours?.[n] ?? ordinal(n));
    }
    const note = this.data.notes?.[code];
    if (note) parts.push(note.replace(/<[^>]*>/g, " "));
    return parts.join(", ");
  }

  summary() {
    const groups = this.groups();
    const text = groups.map(([label, codes, role]) =>
      this.style(role).anonymous ? label : `${label}: ${this.listing(codes.map((c) => this.nameOf(c)), 8)}`,
    );
    return [this.data.label || LABEL, ...text].join(". ");
  }

  groups() {
    const byRole = new Map();
    const order = this.data.pick === "order" ? this.selection : this.byName;
    for (const code of order) {
      const role = this.roleOf(code);
      const label = this.style(role).label;
      if (!label) continue;
      if (!byRole.has(label)) byRole.set(label, { role, codes: [] });
      byRole.get(label).codes.push(code);
    }
    if (this.data.pick === "order") {
      for (const code of this.byName) {
        if (this.selection.includes(code)) continue;
        const role = this.roleOf(code);
        const label = this.style(role).label;
        if (!label) continue;
        if (!byRole.has(label)) byRole.set(label, { role, codes: [] });
        byRole.get(label).codes.push(code);
      }
    }
    return [...byRole.entries()].map(([label, g]) => [label, g.codes, g.role]);
  }

  drawLegend() {
    this.legend.replaceChildren();
    this.legend.hidden = this.data.legend === false;
    for (const [label, codes, role] of this.groups()) {
      const s = this.style(role);
      const item = el("li");
      const swatch = el("span", { class: "gpm-swatch", "aria-hidden": "true" });
      swatch.style.background = s.fill;
      if (s.line) swatch.style.boxShadow = `inset 0 0 0 2px ${s.line}`;
      const name = el("b");
      if (s.anonymous) {
        name.textContent = label;
        item.append(swatch, name);
        this.legend.appendChild(item);
        continue;
      }
      name.textContent = `${label}:`;
      const names = codes.map((c, i) =>
        this.data.pick === "order" && this.selection.includes(c) ? `${i + 1}. ${this.nameOf(c)}` : this.nameOf(c),
      );
      item.append(swatch, name, document.createTextNode(` ${this.listing(names, 12)}`));
      this.legend.appendChild(item);
    }
  }

  drawOutlines(emphasised) {
    if (!this.rings) return;
    for (const old of this.rings.querySelectorAll(".gpm-line")) old.remove();
    for (const [code, color] of emphasised) {
      const src = this.paths.get(code);
      if (!src) continue;
      const ring = el("path", { class: "gpm-line", d: src.getAttribute("d") }, SVG);
      ring.style.stroke = color;
      this.rings.insertBefore(ring, this.rings.firstChild);
    }
  }

  drawRing(kind, code) {
    if (!this.rings) return;
    this.rings.querySelector(`.gpm-${kind}`)?.remove();
    const src = code && this.paths.get(code);
    if (!src) return;
    this.rings.appendChild(el("path", { class: `gpm-${kind}`, d: src.getAttribute("d") }, SVG));
  }

  // --- the overlay: callouts, labels, links (positions follow the zoom, sizes do not) --------

  screen([x, y]) {
    return [this.k * x + this.t[0], this.k * y + this.t[1]];
  }

  drawOverlay() {
    const d = this.data;
    const [width, height] = this.drawn;
    const callouts = this.visibleCallouts();
    const look = JSON.stringify([
      this.draws, this.k, this.t, width, height, d.codes, d.labels, d.badges, d.symbols, d.links, d.dashed,
      d.pick === "order" ? this.selection : null,
      [...callouts.keys()].map((c) => this.style(this.roleOf(c)).fill),
      this.secret,
    ]);
    if (look === this.overlayLook) return; // nothing on the overlay changed
    this.overlayLook = look;
    this.over.setAttribute("width", width);
    this.over.setAttribute("height", height);
    this.over.replaceChildren();
    const links = el("g", { class: "gpm-links" }, SVG);
    const line = (a, b, cls) => {
      const p = this.anchors.get(a);
      const q = this.anchors.get(b);
      if (!p || !q) return;
      const [x1, y1] = this.screen(p);
      const [x2, y2] = this.screen(q);
      links.appendChild(el("line", { class: cls, x1, y1, x2, y2 }, SVG));
    };
    for (const [a, b] of d.links || []) line(a, b, "gpm-link");
    for (const [a, b] of d.dashed || []) line(a, b, "gpm-link gpm-dashed");
    this.over.appendChild(links);

    const labels = { ...(d.codes && !this.secret ? Object.fromEntries(this.codes.map((c) => [c, c])) : {}), ...(d.labels || {}) };
    if (d.pick === "order") this.selection.forEach((c, i) => (labels[c] = String(i + 1)));
    const tiny = (code) => {
      const box = this.paths.get(code)?.getBBox();
      return !box || Math.min(box.width, box.height) * this.k < (width < 560 ? 13 : 16);
    };
    for (const [code, text] of Object.entries(labels)) {
      if (d.codes && text === code && (callouts.has(code) || tiny(code))) continue;
      const at = this.anchors.get(code);
      if (!at) continue;
      const [x, y] = this.screen(at);
      const g = el("g", { class: "gpm-label", transform: `translate(${x},${y})` }, SVG);
      const symbol = d.symbols?.[code];
      if (d.badges || d.pick === "order") {
        g.appendChild(el("circle", { r: 10 }, SVG));
      } else if (symbol === "star") {
        g.appendChild(el("path", { class: "gpm-star", d: starPath(9) }, SVG));
      } else if (d.labels && code in d.labels) {
        g.appendChild(el("circle", { class: "gpm-dot", r: 4 }, SVG));
      }
      const t = el("text", { y: d.badges || d.pick === "order" ? 0 : d.labels && code in d.labels ? -9 : 0 }, SVG);
      t.textContent = text;
      g.appendChild(t);
      this.over.appendChild(g);
    }
    const size = this.calloutSize();
    for (const [code, [bx, by]] of callouts) {
      const [x, y] = this.screen(this.anchors.get(code));
      const s = this.style(this.roleOf(code));
      this.over.appendChild(el("line", { class: "gpm-leader", x1: x, y1: y, x2: bx - size / 2, y2: by }, SVG));
      const g = el("g", { class: "gpm-callout", "data-usps": code, transform: `translate(${bx},${by})` }, SVG);
      const rect = el("rect", { x: -size / 2, y: -size / 2, width: size, height: size, rx: 4 }, SVG);
      rect.style.fill = s.fill;
      if (s.line) rect.style.stroke = s.line;
      const t = el("text", {}, SVG);
      t.textContent = this.secret ? "" : code;
      if (dark(s.fill)) t.classList.add("gpm-on-dark");
      g.append(rect, t);
      this.over.appendChild(g);
    }
  }

  calloutSize(width = this.drawn[0]) {
    return width < 560 ? 24 : 26; // px: WCAG 2.5.8 asks for at least 24
  }

  // Boxes for the small states too small on screen to touch, in a column at the right edge of
  // the map (the whole-map view leaves room for it), level with the Northeast.
  visibleCallouts() {
    const out = new Map();
    const [width, height] = this.drawn;
    const step = this.calloutSize() + 3;
    const small = CALLOUTS.filter((code) => {
      const path = this.paths.get(code);
      const at = this.anchors.get(code);
      if (!path || !at) return false;
      const [x, y] = this.screen(at);
      const box = path.getBBox();
      return x > 0 && x < width && y > 0 && y < height && Math.min(box.width, box.height) * this.k < BIG_ENOUGH;
    });
    if (!small.length) return out;
    const [, maY] = this.screen(this.anchors.get("MA"));
    const top = Math.max(4, Math.min(height - small.length * step - 4, maY - 2.5 * step));
    const x = width - step / 2 - 3;
    small.forEach((code, i) => out.set(code, [x, top + step / 2 + i * step]));
    return out;
  }

  calloutRoom(width = this.drawn[0]) {
    return this.calloutSize(width) + 12;
  }

  // --- zoom and pan -------------------------------------------------------------------------

  boxOf(codes) {
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const code of codes) {
      const path = this.paths.get(code);
      if (!path) continue;
      const b = path.getBBox();
      x0 = Math.min(x0, b.x);
      y0 = Math.min(y0, b.y);
      x1 = Math.max(x1, b.x + b.width);
      y1 = Math.max(y1, b.y + b.height);
    }
    return x0 === Infinity ? null : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  }

  // The whole-map view: the 50 states fill the stage.
  homeView() {
    const [width, height] = this.drawn;
    const e = this.extent;
    if (!e) return { k: 1, t: [0, 0] };
    const room = width - this.calloutRoom();
    const k = 0.98 * Math.min(room / e.width, height / e.height);
    return { k, t: [room / 2 - k * (e.x + e.width / 2), height / 2 - k * (e.y + e.height / 2)] };
  }

  home() {
    const { k, t } = this.homeView();
    this.setView(k, t);
  }

  // The page's view (its zoom states, or the whole map), in place of the student's own.
  fitPage() {
    const zoom = this.data.zoom;
    this.fitting = true;
    if (zoom && zoom.length) this.zoomToStates(zoom);
    else this.home();
    this.fitting = false;
    this.own = null;
  }

  // The view in terms that outlast a new size: its zoom against the whole map's, and the
  // point at the middle of the stage as a share of the 50 states' box.
  relative() {
    const [width, height] = this.drawn;
    const e = this.extent;
    return {
      k: this.k / this.homeView().k,
      at: [((width / 2 - this.t[0]) / this.k - e.x) / e.width, ((height / 2 - this.t[1]) / this.k - e.y) / e.height],
    };
  }

  restore(view) {
    const [width, height] = this.drawn;
    const e = this.extent;
    const k = view.k * this.homeView().k;
    const [x, y] = [e.x + view.at[0] * e.width, e.y + view.at[1] * e.height];
    this.fitting = true;
    this.setView(k, [width / 2 - k * x, height / 2 - k * y]);
    this.fitting = false;
  }

  // The view that holds these states whole, in the room left of the small-state boxes'
  // column (a state under a box could not be clicked), with a margin all round.
  zoomToStates(codes) {
    const box = this.boxOf(codes);
    if (!box) return;
    const room = this.drawn[0] - this.calloutRoom();
    const height = this.drawn[1];
    const k = 0.9 * Math.min(room / box.width, height / box.height);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    this.setView(k, [room / 2 - k * cx, height / 2 - k * cy]);
  }

  zoomBy(f, at = null) {
    const [width, height] = this.drawn;
    const [px, py] = at || [width / 2, height / 2];
    const k = this.clampK(this.k * f);
    const g = k / this.k;
    this.setView(k, [px - g * (px - this.t[0]), py - g * (py - this.t[1])]);
  }

  clampK(k) {
    const base = this.homeView().k;
    return Math.max(base, Math.min(base * MAX_ZOOM, k));
  }

  // Show the view (k, t): never smaller than the whole map, and the map's edge never past
  // the middle of the stage. Unless the page or a new size sets it, it is the student's own.
  setView(k, t) {
    const home = this.homeView();
    k = this.clampK(k);
    if (k <= home.k * 1.001) {
      this.k = home.k;
      this.t = home.t;
    } else {
      const [width, height] = this.drawn;
      const e = this.extent;
      const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
      this.k = k;
      this.t = [
        clamp(t[0], width / 2 - k * (e.x + e.width), width / 2 - k * e.x),
        clamp(t[1], height / 2 - k * (e.y + e.height), height / 2 - k * e.y),
      ];
    }
    this.applyView();
    if (!this.fitting && this.extent) this.own = this.relative();
  }

  applyView() {
    const transform = `translate(${this.t[0]},${this.t[1]}) scale(${this.k})`;
    this.layer?.setAttribute("transform", transform);
    this.rings?.setAttribute("transform", transform);
    this.root.classList.toggle("gpm-zoomed", this.k > this.homeView().k * 1.001);
    if (this.data) this.drawOverlay();
  }

  onWheel(e) {
    if (!(e.ctrlKey || e.metaKey)) return; // a plain wheel scrolls the page
    e.preventDefault();
    const r = this.stage.getBoundingClientRect();
    this.zoomBy(Math.exp(-e.deltaY / 300), [e.clientX - r.left, e.clientY - r.top]);
  }

  onPointerDown(e) {
    if (e.pointerType !== "mouse" || e.button !== 0 || !this.root.classList.contains("gpm-zoomed")) return;
    const start = [e.clientX, e.clientY];
    const t0 = [...this.t];
    let moved = false;
    const move = (ev) => {
      const dx = ev.clientX - start[0];
      const dy = ev.clientY - start[1];
      if (!moved && Math.hypot(dx, dy) < 5) return;
      moved = true;
      this.setView(this.k, [t0[0] + dx, t0[1] + dy]);
    };
    const up = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      if (moved) this.swallowClick = true;
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  }

  // Two fingers pinch and pan; one finger scrolls the page as usual.
  onTouch(e) {
    const r = this.stage.getBoundingClientRect();
    const pts = [...e.touches].map((t) => [t.clientX - r.left, t.clientY - r.top]);
    if (e.type === "touchstart" && pts.length === 2) {
      this.pinch = { d: Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]), k: this.k, t: [...this.t], m: mid(pts) };
      e.preventDefault();
    } else if (e.type === "touchmove" && this.pinch && pts.length === 2) {
      e.preventDefault();
      const p = this.pinch;
      const d = Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]);
      const k = this.clampK((p.k * d) / p.d);
      const m = mid(pts);
      const g = k / p.k;
      this.setView(k, [m[0] - g * (p.m[0] - p.t[0]), m[1] - g * (p.m[1] - p.t[1])]);
    } else if (e.type === "touchend" && this.pinch && pts.length < 2) {
      this.pinch = null;
      this.swallowClick = true;
      setTimeout(() => (this.swallowClick = false), 400);
    }
  }

  // --- hit testing and picking ----------------------------------------------------------------

  // The state under a point: a small state's box, else the state whose drawn shape holds the
  // point (a neighbour's outline, drawn over the border, reaches half its width into it);
  // only on a border itself, the state whose outline is drawn there.
  codeAt(x, y) {
    let edge = null;
    for (const node of document.elementsFromPoint(x, y)) {
      const code = node.closest?.("[data-usps]")?.dataset.usps;
      if (!code || !this.root.contains(node)) continue;
      if (!node.matches("path.choroplethlocation")) return code;
      if (node.isPointInFill(new DOMPoint(x, y).matrixTransform(node.getScreenCTM().inverse()))) return code;
      edge ??= code;
    }
    return edge;
  }

  // Where a click happened: a click event's coordinates are whole pixels (Chromium truncates
  // a mouse's and rounds a finger's), a pixel off the point pressed, which may lie in the
  // neighbour of a narrow state; the pointer's release that made the click has the exact point.
  clickPoint(e) {
    const up = this.lastUp;
    if (up && e.timeStamp - up.at < 1000 && Math.abs(up.x - e.clientX) <= 1 && Math.abs(up.y - e.clientY) <= 1) {
      return [up.x, up.y];
    }
    return [e.clientX, e.clientY];
  }

  onClick(e) {
    if (this.swallowClick) {
      this.swallowClick = false;
      return;
    }
    if (e.target.closest(".gpm-tools") || !this.ready) return;
    const [x, y] = this.clickPoint(e);
    const code = this.codeAt(x, y);
    if (!code) return;
    const r = this.stage.getBoundingClientRect();
    cancelAnimationFrame(this.hoverFrame);
    this.hoverFrame = null;
    this.activate(code);
    this.showTip(code, [x - r.left, y - r.top], TOUCH ? 1600 : 0);
  }

  activate(code) {
    const d = this.data;
    const name = this.nameOf(code) ?? this.word("this_state");
    if (d.pick === "none") return;
    if (!this.canPick(code)) {
      this.say(d.refuse?.[code] || d.refuse_default || fill(this.word("not_a_choice"), { name }), true);
      return;
    }
    const had = this.selection.includes(code);
    const before = this.selection;
    if (d.pick === "one") this.selection = had ? [] : [code];
    else this.selection = had ? this.selection.filter((c) => c !== code) : [...this.selection, code];
    this.focusCode = code;
    // The clicked state (and one it replaces) change colour in this very frame; the rest of
    // the map, the legend and the report to the page follow once the frame is painted.
    for (const c of new Set([code, ...before])) this.repaint(c);
    if (document.activeElement?.closest?.(".gpm-stage") === this.stage) this.paths.get(code)?.focus({ preventScroll: true });
    const n = this.selection.length;
    const count = d.pick === "one" ? "" : ` ${d.text?.counts?.[n] ?? `${n} picked.`}`;
    this.say(`${fill(this.word(had ? "removed" : "picked"), { name })}${count}`);
    this.reports = (this.reports || 0) + 1; // tells two reports of the same picks apart
    const report = { picks: [...this.selection], at: `${Date.now()}.${this.reports}` };
    requestAnimationFrame(() =>
      setTimeout(() => {
        this.paint();
        this.report?.(report);
      }, 0),
    );
  }

  // One state's colour and accessible state, at once.
  repaint(code) {
    const path = this.paths.get(code);
    if (!path) return;
    const role = this.roleOf(code);
    path.style.fill = this.style(role).fill;
    path.setAttribute("aria-checked", String(this.selection.includes(code)));
    path.setAttribute("aria-label", this.accessibleName(code, role));
    const box = this.over.querySelector(`.gpm-callout[data-usps="${code}"] rect`);
    if (box) box.style.fill = this.style(role).fill;
  }

  say(text, visible = false) {
    this.live.textContent = text;
    if (visible) {
      this.note.textContent = text;
      this.note.hidden = false;
      clearTimeout(this.noteTimer);
      this.noteTimer = setTimeout(() => (this.note.hidden = true), 4000);
    }
  }

  // --- hover label ----------------------------------------------------------------------------

  // The label follows the pointer once a frame, at its latest place (a frame that waits long,
  // on a busy machine, must not show where the pointer was before); a click supersedes it.
  onHover(e) {
    if (e.pointerType !== "mouse" || !this.ready) return;
    this.hoverAt = [e.clientX, e.clientY];
    if (this.hoverFrame) return;
    this.hoverFrame = requestAnimationFrame(() => {
      this.hoverFrame = null;
      const [x, y] = this.hoverAt;
      const code = this.codeAt(x, y);
      const r = this.stage.getBoundingClientRect();
      if (code) this.showTip(code, [x - r.left, y - r.top]);
      else this.hideTip();
    });
  }

  showTip(code, [x, y], hideAfter = 0) {
    const role = this.roleOf(code);
    const name = this.nameOf(code, role);
    if (name === null) return this.hideTip();
    this.tip.replaceChildren();
    const b = el("b");
    b.textContent = name;
    this.tip.appendChild(b);
    const label = this.style(role).label;
    if (label && !this.style(role).anonymous) this.tip.appendChild(document.createTextNode(` — ${label}`));
    const note = this.data.notes?.[code];
    if (note) {
      for (const line of note.split("<br>")) {
        this.tip.appendChild(el("br"));
        this.tip.appendChild(document.createTextNode(line.replace(/<[^>]*>/g, "")));
      }
    }
    this.tip.hidden = false;
    // measured at the stage's corner, where it has the whole width: at its last place its
    // text could wrap narrower than it is, and unwrap past the boxes at the new one
    this.tip.style.left = "0px";
    this.tip.style.top = "0px";
    const [left, top] = this.tipPlace(code, [x, y], this.tip.offsetWidth, this.tip.offsetHeight);
    this.tip.style.left = `${left}px`;
    this.tip.style.top = `${top}px`;
    this.drawRing("hover", code);
    this.stage.style.cursor = this.data.pick !== "none" && this.canPick(code) ? "pointer" : "";
    clearTimeout(this.tipTimer);
    if (hideAfter) this.tipTimer = setTimeout(() => this.hideTip(), hideAfter);
  }

  // Where a w × h label about ``code`` goes, for a pointer at (x, y) in the stage: left of the
  // small-state boxes' column, and clear of what is pointed at (the box, a small state
  // whole, or the pointer's spot on a large one): above it, else below, else beside it.
  tipPlace(code, [x, y], w, h) {
    const [width, height] = this.drawn;
    const gap = 6;
    const callouts = this.visibleCallouts();
    const size = this.calloutSize();
    const right = callouts.size ? Math.min(...[...callouts.values()].map(([bx]) => bx)) - size / 2 - gap : width - 4;
    let near = { left: x - 8, top: y - 8, right: x + 8, bottom: y + 8 };
    const box = callouts.get(code);
    const shape = this.paths.get(code)?.getBoundingClientRect();
    if (box && Math.abs(x - box[0]) <= size / 2 && Math.abs(y - box[1]) <= size / 2) {
      near = { left: box[0] - size / 2, top: box[1] - size / 2, right: box[0] + size / 2, bottom: box[1] + size / 2 };
    } else if (shape && shape.width < 80 && shape.height < 80) {
      const r = this.stage.getBoundingClientRect();
      near = { left: shape.left - r.left, top: shape.top - r.top, right: shape.right - r.left, bottom: shape.bottom - r.top };
    }
    const across = Math.max(4, Math.min(right - w, x + 14));
    if (near.top - gap - h >= 4) return [across, near.top - gap - h];
    if (near.bottom + gap + h <= height - 4) return [across, near.bottom + gap];
    const down = Math.max(4, Math.min(height - h - 4, y - h / 2));
    if (near.left - gap - w >= 4) return [near.left - gap - w, down];
    return [Math.max(4, Math.min(right - w, near.right + gap)), down];
  }

  hideTip() {
    this.tip.hidden = true;
    this.drawRing("hover", null);
  }

  // --- keyboard -------------------------------------------------------------------------------

  onFocus(e) {
    const code = e.target?.dataset?.usps;
    if (!code) return;
    this.focusCode = code;
    for (const p of this.paths.values()) p.setAttribute("tabindex", p.dataset.usps === code ? "0" : "-1");
    this.drawRing("focus", code);
    // A press focuses the state under the pointer too; panning to it then would move the map
    // between the press and the release, and the click would land on another state (Texas on
    // a map zoomed to the West). Only a keyboard's focus pans, and shows the label at the state.
    if (performance.now() - (this.pressedAt ?? -Infinity) < 1000) return;
    this.reveal(code);
    const at = this.anchors.get(code);
    if (at) this.showTip(code, this.screen(at));
  }

  // Pan so that a focused state is on screen.
  reveal(code) {
    if (!this.root.classList.contains("gpm-zoomed")) return;
    const at = this.anchors.get(code);
    const [width, height] = this.drawn;
    const [x, y] = this.screen(at);
    if (x > 20 && x < width - 20 && y > 20 && y < height - 20) return;
    this.setView(this.k, [width / 2 - this.k * at[0], height / 2 - this.k * at[1]]);
  }

  onKey(e) {
    if (e.target.closest(".gpm-tools")) return;
    const key = e.key;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    let handled = true;
    if (moves[key]) this.moveFocus(moves[key]);
    else if (key === "Enter" || key === " ") this.focusCode && this.activate(this.focusCode);
    else if (key === "+" || key === "=") this.zoomBy(1.6);
    else if (key === "-" || key === "_") this.zoomBy(1 / 1.6);
    else if (key === "0") this.home();
    else if (key === "Escape") this.hideTip();
    else if (/^[a-z]$/i.test(key) && !e.ctrlKey && !e.metaKey && !e.altKey) this.typeAhead(key.toLowerCase(), e.timeStamp);
    else handled = false;
    if (handled) e.preventDefault();
    if (handled && key.length > 1) this.typed = "";
  }

  focusState(code) {
    const path = this.paths.get(code);
    if (!path) return;
    path.setAttribute("tabindex", "0");
    path.focus({ preventScroll: true });
  }

  moveFocus([dx, dy]) {
    const from = this.anchors.get(this.focusCode);
    if (!from) return this.focusState(this.firstFocus());
    let best = null;
    let bestScore = Infinity;
    for (const [code, [x, y]] of this.anchors) {
      if (code === this.focusCode) continue;
      const vx = x - from[0];
      const vy = y - from[1];
      const along = vx * dx + vy * dy;
      if (along <= 0) continue;
      const across = Math.abs(vx * dy - vy * dx);
      if (across > 2.5 * along) continue;
      const score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = code;
      }
    }
    if (best) this.focusState(best);
  }

  // Letters typed in a row name a state ("wy": Wyoming); one letter again and again steps
  // through the states that begin with it.
  // The gap is measured between the key events themselves, not when a busy page handles them.
  typeAhead(letter, now = performance.now()) {
    this.typed = now - this.typedAt < 800 ? this.typed + letter : letter;
    this.typedAt = now;
    const plain = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase(); // "Hawái": "hawai"
    const starts = (prefix) => this.byName.filter((c) => plain(this.stateName(c)).startsWith(prefix));
    const cycling = [...this.typed].every((ch) => ch === letter);
    const pool = cycling ? starts(letter) : starts(this.typed);
    if (!pool.length) return;
    const next = cycling ? pool[(pool.indexOf(this.focusCode) + 1) % pool.length] : pool[0];
    this.focusState(next);
  }
}

function mid(pts) {
  return [(pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2];
}

function starPath(r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const q = i % 2 ? r * 0.45 : r;
    pts.push(`${(q * Math.cos(a)).toFixed(2)},${(q * Math.sin(a)).toFixed(2)}`);
  }
  return `M${pts.join("L")}Z`;
}

function dark(hex) {
  const m = /^#?([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(hex || "");
  if (!m) return false;
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.45;
}

// The page's view is its zoom states (or the whole map) at its height for its purpose (the
// label names it: a new question is a new map); when any of them changes, the page's view
// replaces the student's own. A new size of the window alone keeps the student's view.
function pageView(data) {
  return JSON.stringify([data.zoom || null, data.height || null, data.label || null]);
}

const kept = new Map(); // map id -> what a dropped map held (GeoMap.keep)
