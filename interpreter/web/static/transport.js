// The two ways to reach the game's operations (interpreter/web/api.py): HTTP to `bezique
// serve`, or messages to a Web Worker that runs the same Python in the browser (Pyodide).
// Both give `call(op, args)` → a promise of the result, or an ApiError with the reason.

export class ApiError extends Error {
  constructor(status, message, problems = []) {
    super(message);
    this.status = status;
    this.problems = problems;
  }
}

const part = encodeURIComponent;

function query(values) {
  const pairs = Object.entries(values).filter(([, value]) => value !== undefined && value !== null);
  return pairs.length ? "?" + new URLSearchParams(pairs).toString() : "";
}

// Each operation as the HTTP API writes it (docs/web.md): method, path, body.
function route(op, args) {
  const game = args.game === undefined ? "" : `/api/games/${part(args.game)}`;
  switch (op) {
    case "variants":
      return ["GET", "/api/variants", null];
    case "create":
      return ["POST", "/api/games", args];
    case "view":
      return ["GET", `${game}/seats/${part(args.seat)}${query({ since: args.since })}`, null];
    case "move":
      return ["POST", `${game}/seats/${part(args.seat)}/moves${query({ since: args.since })}`, { move: args.move }];
    case "hint":
      return ["GET", `${game}/seats/${part(args.seat)}/hint`, null];
    case "undo":
      return ["POST", `${game}/seats/${part(args.seat)}/undo`, {}];
    case "review":
      return ["GET", `${game}/seats/${part(args.seat)}/reviews/${part(args.deal)}`, null];
    case "history":
      return ["GET", `${game}/history${query({ seat: args.seat })}`, null];
    case "record":
      return ["GET", `${game}/record`, null];
    case "check":
      return ["POST", "/api/check", args];
    case "replay":
      return ["POST", "/api/replay", args];
    default:
      throw new ApiError(404, `no operation ${op}`);
  }
}

export class HttpTransport {
  constructor(base = "") {
    this.base = base;
    this.ready = Promise.resolve();
  }

  async call(op, args = {}) {
    const [method, path, body] = route(op, args);
    const options = { method, headers: {} };
    if (body !== null) {
      options.headers["content-type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    let answer;
    try {
      answer = await fetch(this.base + path, options);
    } catch (error) {
      throw new ApiError(0, "the server does not answer: is `bezique serve` still running?");
    }
    const data = await answer.json().catch(() => ({ error: `the server answered ${answer.status}` }));
    if (!answer.ok) throw new ApiError(answer.status, data.error, data.problems || []);
    return data;
  }
}

export class WorkerTransport {
  constructor(url, onStatus = () => {}) {
    this.pending = new Map();
    this.next = 1;
    this.worker = new Worker(url, { type: "module" });
    this.ready = new Promise((resolve, reject) => {
      this.worker.addEventListener("message", (event) => {
        const data = event.data || {};
        if (data.status) onStatus(data.status);
        if (data.ready) resolve();
        if (data.failed) reject(new ApiError(503, data.failed));
        if (data.id && this.pending.has(data.id)) {
          const [done, failed] = this.pending.get(data.id);
          this.pending.delete(data.id);
          const answer = JSON.parse(data.answer);
          if (answer.ok) done(answer.result);
          else failed(new ApiError(answer.status, answer.error, answer.problems || []));
        }
      });
      this.worker.addEventListener("error", (event) => {
        reject(new ApiError(503, `the engine could not start: ${event.message || "an error in its worker"}`));
      });
    });
  }

  async call(op, args = {}) {
    await this.ready;
    const id = this.next++;
    return new Promise((done, failed) => {
      this.pending.set(id, [done, failed]);
      this.worker.postMessage({ id, op, args: JSON.stringify(args) });
    });
  }
}
