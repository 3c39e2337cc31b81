// GeoPlunge's map in Jupyter: the anywidget adapter around the map core (static/map/core.js,
// the very module the Streamlit component runs).
//
// anywidget runs this module from a Blob URL, where relative imports do not resolve, and a
// notebook has no static route to fetch from. So the first map of a page asks the kernel once
// (a custom message, "geomap-assets"); widgets/map.py answers with three buffers read from
// static/map/: the core module, the vendored plotly.js and the outlines (states.json). The core
// is imported from a Blob URL of its text, plotly.js run from a Blob URL as the script it is;
// nothing is fetched from a network. Every later map of the page (of any notebook in the same
// window) uses what the first one got, kept by the files' version hash.
//
// The model's `data` is what ui/map_data.py builds, the same data the Streamlit page sends; its
// `picks` are the picks, both ways: a click sets them (and the kernel sees the change), and
// the kernel setting them changes what the map shows.

const CACHE = Symbol.for("geoplunge.geomap.assets");
const text = (buffer) => new TextDecoder().decode(buffer);

// plotly.js as a classic script from a Blob URL; it sets window.Plotly, which is put back to
// what it was (another plotly.js on the page keeps its own).
function runPlotly(source) {
  return new Promise((resolve, reject) => {
    const before = window.Plotly;
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    const script = document.createElement("script");
    const done = () => {
      URL.revokeObjectURL(url);
      script.remove();
    };
    script.onload = () => {
      const ours = window.Plotly;
      if (before) window.Plotly = before;
      done();
      if (ours) resolve(ours);
      else reject(new Error("plotly.js did not load"));
    };
    script.onerror = () => {
      done();
      reject(new Error("plotly.js did not load"));
    };
    script.src = url;
    document.head.appendChild(script);
  });
}

async function unpack(buffers) {
  const [core, plotly, outlines] = buffers.map(text);
  const url = URL.createObjectURL(new Blob([core], { type: "text/javascript" }));
  try {
    const [module, Plotly] = await Promise.all([import(/* webpackIgnore: true */ url), runPlotly(plotly)]);
    return { GeoMap: module.GeoMap, Plotly, geo: JSON.parse(outlines) };
  } finally {
    URL.revokeObjectURL(url);
  }
}

// The core, plotly.js and the outlines: asked of the kernel by the first map of this version.
function assets(model) {
  const store = (globalThis[CACHE] ??= new Map());
  const version = model.get("_version");
  if (!store.has(version)) {
    const asked = new Promise((resolve, reject) => {
      const onMessage = (msg, buffers) => {
        if (msg?.kind !== "geomap-assets") return;
        model.off("msg:custom", onMessage);
        unpack(buffers).then(resolve, reject);
      };
      model.on("msg:custom", onMessage);
      model.send({ kind: "geomap-assets" });
    });
    asked.catch(() => store.delete(version)); // the next map asks again
    store.set(version, asked);
  }
  return store.get(version);
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

function render({ model, el }) {
  // JupyterLab's command-mode shortcuts (a, b, d d, arrows, Enter) must not fire while the map
  // has the keyboard: its own keys are arrows, letters, Enter, Space, + and -.
  el.dataset.lmSuppressShortcuts = "true";
  const own = (e) => e.target.closest?.(".gpm-stage") && e.stopPropagation();
  el.addEventListener("keydown", own);
  // Nor may a click on the map make JupyterLab select its cell: a tall cell is scrolled into
  // view between the press and the release, and the click lands on another state (or none).
  el.addEventListener("mousedown", own);
  el.classList.add("geoplunge-map");
  const loading = document.createElement("p");
  loading.className = "gpm-note";
  loading.textContent = model.get("data")?.text?.loading ?? "Loading the map…";
  el.appendChild(loading);

  let map = null;
  let gone = false;
  let rev = 0;
  const report = (value) => {
    model.set("picks", value.picks);
    model.save_changes();
  };
  // The kernel's picks replace the map's whenever they differ from what the map shows.
  const data = () => {
    const picks = model.get("picks") || [];
    if (map && !same(picks, map.selection)) rev += 1;
    return { ...model.get("data"), selected: picks, rev, id: model.get("_map_id") };
  };
  const sync = () => map && map.update(data(), report);
  model.on("change:data", sync);
  model.on("change:picks", sync);

  assets(model)
    .then(({ GeoMap, Plotly, geo }) => {
      if (gone) return;
      loading.remove();
      map = new GeoMap(el, Promise.resolve([Plotly, geo]));
      map.update(data(), report);
    })
    .catch((err) => {
      loading.textContent = `The map could not be drawn (${err.message}).`;
    });

  return () => {
    gone = true;
    map?.destroy();
  };
}

export default { render };
