// The engine in the reader's browser: Pyodide, the project's own wheel and its dependencies,
// all vendored into the site beside this file (engine/, written when the site is built by
// interpreter/web/bundle.py), so that no request leaves the site. The page talks to it with
// messages {id, op, args} and gets back {id, answer}: the JSON that Api.call_json gives, the
// very operations `bezique serve` answers over HTTP.

const base = new URL("engine/", self.location.href);
let api = null;

async function boot() {
  const found = await fetch(new URL("manifest.json", base)).catch(() => null);
  if (!found || !found.ok) {
    throw new Error("The engine was not bundled into this build of the site (no engine/manifest.json).");
  }
  const manifest = await found.json();
  if (!manifest.bundled) throw new Error(`The engine was not bundled into this build of the site: ${manifest.reason}`);
  postMessage({ status: `Loading Python (Pyodide ${manifest.pyodide}) in your browser…` });
  const { loadPyodide } = await import(new URL("pyodide.mjs", base).href);
  const pyodide = await loadPyodide({ indexURL: base.href });
  postMessage({ status: "Loading the engine…" });
  const wheels = manifest.wheels.map((name) => new URL(name, base).href);
  await pyodide.loadPackage(wheels, { messageCallback: () => {}, errorCallback: () => {} });
  pyodide.runPython("from interpreter.web.api import Api\napi = Api()");
  api = pyodide.globals.get("api");
}

const booting = boot();
booting.then(
  () => postMessage({ ready: true }),
  (error) => postMessage({ failed: String((error && error.message) || error) }),
);

self.addEventListener("message", async (event) => {
  const { id, op, args } = event.data || {};
  try {
    await booting;
  } catch {
    return; // the page has been told why already
  }
  let answer;
  try {
    answer = api.call_json(op, args);
  } catch (error) {
    answer = JSON.stringify({ ok: false, status: 500, error: `the engine failed: ${error.message}`, problems: [] });
  }
  postMessage({ id, answer });
});
