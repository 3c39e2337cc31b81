// GeoPlunge's map in Streamlit: the browser half of ui/maps.py (`us_map`), a thin adapter
// around the map core (core.js, shared with the notebook widget, widgets/map.js).
//
// ui/maps.py registers a tiny inline loader (Streamlit runs a component's inline JS from a
// Blob URL, where relative imports do not resolve) that imports this module from the app's
// static route, `app/static/map/geomap.js?v=<hash>`. From that absolute URL this module
// imports the core and fetches plotly.js, the outlines and the styles, each with the same
// `?v=`, once per page visit. The page learns the picks through the component's state value
// ("selection").

const VERSION = new URL(import.meta.url).searchParams.get("v") || "";
const BASE = new URL("./", import.meta.url);
const asset = (name) => new URL(`${name}?v=${VERSION}`, BASE).href;

let assets;
function loadAssets() {
  assets ??= Promise.all([
    window.Plotly
      ? Promise.resolve(window.Plotly)
      : new Promise((resolve, reject) => {
          const script = document.createElement("script");
          script.src = asset("plotly-geo-4.1.1.min.js");
          script.onload = () => resolve(window.Plotly);
          script.onerror = () => reject(new Error("plotly.js did not load"));
          document.head.appendChild(script);
        }),
    fetch(asset("states.json")).then((r) => {
      if (!r.ok) throw new Error(`states.json: HTTP ${r.status}`);
      return r.json();
    }),
    new Promise((resolve) => {
      if (document.querySelector("link[data-geomap]")) return resolve();
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = asset("geomap.css");
      link.dataset.geomap = "1";
      link.onload = link.onerror = () => resolve();
      document.head.appendChild(link);
    }),
  ]);
  return assets;
}

loadAssets().catch(() => {}); // loads while the core does; each map shows a failure itself
const { GeoMap } = await import(asset("core.js"));

const maps = new WeakMap();

/** Streamlit calls this on mount and again whenever the page sends new data.
 *
 * It calls the function returned when the element goes away, and also at once for a call it
 * has already replaced: when new data came while an earlier call was still loading this
 * module (a rerun under load, or while the page loads), that call's function is run as soon
 * as it returns, with the element still on the page. Destroying the map then made the element
 * lose its map and draw a new one from scratch (taps in between hit nothing); so a replaced
 * call leaves the map alone, except that its data, if it came last, gives way to the newer
 * call's (the two calls may return in either order). Only a map whose element has left the
 * page is destroyed. */
export function mount({ data, parentElement, setStateValue }) {
  let map = maps.get(parentElement);
  if (!map) {
    map = new GeoMap(parentElement, loadAssets());
    maps.set(parentElement, map);
  }
  const report = (value) => setStateValue("selection", value);
  const call = { data, report };
  map.calls = [...(map.calls || []).slice(-3), call];
  map.update(data, report);
  return () => {
    if (!parentElement.isConnected) {
      map.destroy();
      maps.delete(parentElement);
      return;
    }
    map.calls = map.calls.filter((c) => c !== call); // replaced by a newer call
    const newer = map.calls.at(-1);
    if (map.data === data && newer) map.update(newer.data, newer.report);
  };
}
