/**
 * The offer's documents are drawn in a worker thread of their own (ADR 052): laying out and
 * compressing a 200-line PDF costs hundreds of milliseconds of CPU, which on the event loop would
 * stall every other visitor. The main thread only builds the plain-data description (pdf.ts,
 * xlsx.ts); the thread runs pdfmake or exceljs on it and hands back the bytes.
 *
 * - One thread, one document at a time (a pool of one: the machine has 2 cores and the web server
 *   keeps one). Up to `maxQueue` more wait in arrival order; beyond that a request is refused with
 *   KpRendererBusy (the API answers 503 with Retry-After), so a burst of exports can't pile up.
 * - A document that takes longer than `jobTimeoutMs` ends the thread (the next starts a new one).
 * - The thread starts on the first export and ends after `idleMs` without one, so its ~60 MB
 *   (fonts, pdfmake, exceljs) are not kept by a server that exports once a day.
 * - The thread reads nothing but the two DejaVu Sans faces, loaded once into pdfmake's virtual
 *   file system: pdfmake may open no local file and no URL (its access policies refuse all), and
 *   pictures arrive as bytes in the description.
 *
 * The thread's code is plain CommonJS evaluated from a string (as app/lib/sanitize.server.ts
 * does), so it runs the same under tsx, Vitest and the bundled server.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { PDF_FONT, PDF_LAYOUT_COLOURS, type PdfJob } from "./pdf";
import type { XlsxPlan } from "./xlsx";

export interface RenderPoolOptions {
  /** Documents waiting beyond the one being drawn; more are refused. */
  maxQueue?: number;
  /** A document not drawn in this time ends the thread. */
  jobTimeoutMs?: number;
  /** The thread ends after this long without work. */
  idleMs?: number;
}

export const DEFAULT_RENDER_QUEUE = 8;
export const DEFAULT_RENDER_TIMEOUT_MS = 60_000;
export const DEFAULT_RENDER_IDLE_MS = 60_000;

/** Too many documents are waiting: answer 503 with Retry-After. */
export class KpRendererBusy extends Error {}

export type RenderJob = { kind: "pdf"; pdf: PdfJob } | { kind: "xlsx"; plan: XlsxPlan };

/**
 * The documents' thread runs at the lowest CPU priority (nice 19, Linux): drawing a 200-line PDF
 * is ~1 s of CPU, and five of them back to back would otherwise take a core from the pages'
 * threads on a 2-core server (ADR 052's addendum: other pages' p99 went 2× with 5 exports).
 */
export const DOCUMENT_THREAD_NICE = 19;

/** pdfmake's text layout, images and the workbook stay within this; past it the thread ends. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 16 };

const require = createRequire(import.meta.url);

/** The faces the document uses, from the dejavu-fonts-ttf package (no font files in the repo). */
function fontFiles(): Record<string, string> {
  return {
    "DejaVuSans.ttf": require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
    "DejaVuSans-Bold.ttf": require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
  };
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const os = require("node:os");

// This thread only (Linux: a thread's own nice value, /proc/thread-self names it) yields the CPU
// to the rest of the server: pages first, documents with what is left (ADR 052's addendum).
if (workerData.nice && process.platform === "linux") {
  const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, workerData.nice);
}
const pdfmake = require(workerData.pdfmake);
const ExcelJS = require(workerData.exceljs);

for (const [name, file] of Object.entries(workerData.fonts)) pdfmake.virtualfs.writeFileSync(name, fs.readFileSync(file));
pdfmake.setFonts({
  [workerData.family]: { normal: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf", italics: "DejaVuSans.ttf", bolditalics: "DejaVuSans-Bold.ttf" },
});
// Nothing from the disk or the network: fonts are in the virtual file system, pictures in the description.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

const { rule, accent } = workerData.colours;
pdfmake.addTableLayouts({
  kpLines: {
    hLineWidth: (i, node) => (i === 0 ? 0 : i === 1 || i === node.table.body.length ? 1 : 0.5),
    hLineColor: (i, node) => (i === 1 || i === node.table.body.length ? accent : rule),
    vLineWidth: () => 0,
    paddingLeft: () => 3,
    paddingRight: () => 3,
    paddingTop: () => 3,
    paddingBottom: () => 3,
  },
  kpTotals: {
    hLineWidth: () => 1,
    hLineColor: () => accent,
    vLineWidth: () => 0,
    paddingLeft: () => 6,
    paddingRight: () => 0,
    paddingTop: () => 1.5,
    paddingBottom: () => 1.5,
  },
  kpPlain: {
    hLineWidth: () => 0,
    vLineWidth: () => 0,
    paddingLeft: (i) => (i === 0 ? 0 : 6),
    paddingRight: () => 0,
    paddingTop: () => 1,
    paddingBottom: () => 1,
  },
});

function pdf({ definition, footer }) {
  definition.footer = (page, pages) => ({
    columns: [
      { text: footer.left },
      { text: footer.right.replace("{page}", String(page)).replace("{pages}", String(pages)), alignment: "right" },
    ],
    margin: [36, 16, 36, 0],
    fontSize: 7,
    color: "#5f6b7a",
  });
  return pdfmake.createPdf(definition).getBuffer();
}

async function xlsx(plan) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = plan.creator;
  workbook.lastModifiedBy = plan.creator;
  workbook.title = plan.title;
  workbook.created = new Date(plan.created);
  workbook.modified = new Date(plan.created);
  const sheet = workbook.addWorksheet(plan.sheetName, {
    views: [{ state: "frozen", xSplit: 0, ySplit: plan.frozenRows, topLeftCell: "A" + (plan.frozenRows + 1) }],
    pageSetup: { paperSize: 9, orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: plan.printTitleRows },
  });
  sheet.columns = plan.widths.map((width) => ({ width }));
  const thin = { style: "thin", color: { argb: "FFC9D1DB" } };
  for (const planned of plan.rows) {
    const row = sheet.getRow(planned.row);
    if (planned.height) row.height = planned.height;
    for (const [column, spec] of Object.entries(planned.cells)) {
      const cell = row.getCell(column);
      cell.value = spec.value;
      if (spec.numFmt) cell.numFmt = spec.numFmt;
      if (spec.bold || spec.size || spec.colour) {
        cell.font = { bold: Boolean(spec.bold), size: spec.size || 11, ...(spec.colour ? { color: { argb: spec.colour } } : {}) };
      }
      if (spec.fill) cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: spec.fill } };
      cell.alignment = { vertical: "top", wrapText: Boolean(spec.wrap), ...(spec.align ? { horizontal: spec.align } : {}) };
      if (spec.border) cell.border = { top: thin, left: thin, bottom: thin, right: thin };
    }
  }
  for (const range of plan.merges) sheet.mergeCells(range);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

parentPort.on("message", async ({ id, job }) => {
  try {
    const bytes = job.kind === "pdf" ? await pdf(job.pdf) : await xlsx(job.plan);
    // A copy of its own, so its memory can be handed over (Buffers may share a pool).
    const copy = new Uint8Array(bytes);
    parentPort.postMessage({ id, bytes: copy }, [copy.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.stack) || error) });
  }
});
parentPort.postMessage({ ready: true });
`;

type Reply = { ready?: true; id?: number; bytes?: Uint8Array; error?: string };
type Task = { id: number; job: RenderJob; resolve: (bytes: Buffer) => void; reject: (error: Error) => void };
type Thread = { worker: Worker; ready: boolean };

export function createRenderPool(options: RenderPoolOptions = {}) {
  const maxQueue = options.maxQueue ?? DEFAULT_RENDER_QUEUE;
  const jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  const idleMs = options.idleMs ?? DEFAULT_RENDER_IDLE_MS;
  const queue: Task[] = [];
  let thread: Thread | null = null;
  let running: Task | null = null;
  let jobTimer: NodeJS.Timeout | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 0;
  let closed = false;
  let started = 0;

  function finish(task: Task, outcome: { bytes: Buffer } | { error: Error }) {
    if (running !== task) return;
    running = null;
    clearTimeout(jobTimer);
    if ("bytes" in outcome) task.resolve(outcome.bytes);
    else task.reject(outcome.error);
    pump();
  }

  /** Ends the thread; the task it was drawing fails with `reason`. */
  function stop(reason: Error) {
    const current = thread;
    thread = null;
    clearTimeout(idleTimer);
    if (current) void current.worker.terminate();
    if (running) finish(running, { error: reason });
  }

  function start(): Thread {
    started++;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        pdfmake: require.resolve("pdfmake"),
        exceljs: require.resolve("exceljs"),
        fonts: fontFiles(),
        family: PDF_FONT,
        colours: PDF_LAYOUT_COLOURS,
        nice: DOCUMENT_THREAD_NICE,
      },
      resourceLimits: WORKER_LIMITS,
    });
    const own: Thread = { worker, ready: false };
    worker.on("message", (reply: Reply) => {
      if (thread !== own) return;
      if (reply.ready) {
        own.ready = true;
        return send();
      }
      const task = running;
      if (!task || reply.id !== task.id) return;
      if (reply.bytes) finish(task, { bytes: Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength) });
      else finish(task, { error: new Error(`Документ не собран: ${reply.error ?? "неизвестная ошибка"}`) });
    });
    worker.on("error", (error) => {
      if (thread === own) stop(error);
    });
    worker.on("exit", (code) => {
      if (thread === own) stop(new Error(`The document thread stopped (exit code ${code})`));
    });
    return own;
  }

  function send() {
    if (!thread?.ready || !running) return;
    thread.worker.postMessage({ id: running.id, job: running.job });
  }

  function pump() {
    if (running || closed) return;
    const task = queue.shift();
    if (!task) {
      clearTimeout(idleTimer);
      if (thread) {
        thread.worker.unref();
        idleTimer = setTimeout(() => stop(new Error("idle")), idleMs);
        idleTimer.unref();
      }
      return;
    }
    clearTimeout(idleTimer);
    running = task;
    // The time counts from here, the thread's start included (a thread that never gets ready fails the document too).
    jobTimer = setTimeout(() => stop(new Error(`The document was not drawn in ${jobTimeoutMs} ms`)), jobTimeoutMs);
    jobTimer.unref();
    thread ??= start();
    // While it draws, the thread keeps the process alive (a script awaiting its document); idle, it doesn't.
    thread.worker.ref();
    send();
  }

  return {
    /** The document's bytes; KpRendererBusy when too many are waiting. */
    render(job: RenderJob): Promise<Buffer> {
      if (closed) return Promise.reject(new Error("The document renderer is closed"));
      if (queue.length >= maxQueue) return Promise.reject(new KpRendererBusy("Too many documents are being drawn"));
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve, reject });
        pump();
      });
    },
    /** Ends the thread; waiting documents fail. */
    async close(): Promise<void> {
      closed = true;
      const error = new Error("The document renderer is closed");
      for (const task of queue.splice(0)) task.reject(error);
      const current = thread;
      stop(error);
      if (current) await current.worker.terminate();
    },
    /** For tests and diagnostics. */
    stats: () => ({ waiting: queue.length, running: running !== null, threadsStarted: started, threadAlive: thread !== null }),
  };
}

export type RenderPool = ReturnType<typeof createRenderPool>;
