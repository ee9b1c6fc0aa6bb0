/**
 * startReferenceApi end to end on a PGlite directory: the first start migrates and seeds, a
 * restart finds the data, skips the seed and answers at once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startReferenceApi, type ReferenceApi } from "../../api/index";

describe("startReferenceApi on a PGlite data directory", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "api-start-"));
  let api: ReferenceApi | undefined;
  /**
   * The first start, kept so that nothing else opens the folder while it runs: a test that gave
   * up on it (a timeout) must not leave it seeding while the next test starts a second PGlite
   * on the same files (that corrupts them: "unexpected data beyond EOF").
   */
  let firstStart: Promise<ReferenceApi> | undefined;
  afterAll(async () => {
    await firstStart?.then((first) => first.close()).catch(() => {});
    await api?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Migrating and seeding in a child process is the heaviest start there is; on a loaded 2-core
  // machine it took over the suite's 30 s, so this test states its own bound.
  it("seeds an empty database on first start", { timeout: 180_000 }, async () => {
    firstStart = startReferenceApi({ dataDir, seedGroups: 50 });
    api = await firstStart;
    expect(api.describe).toBe(`embedded API on PGlite ${path.join(dataDir, "pglite")} (own process)`);
    expect(await api.ping()).toBe(true);
    const init = (await (await api.fetch(new Request("http://x/api/init/web"))).json()) as { data: { categories: { productCount: number }[] } };
    expect(init.data.categories.reduce((s, c) => s + c.productCount, 0)).toBe(50);
    await api.close();
    expect(await api.ping()).toBe(false);
  });

  it("keeps the data on restart and does not reseed", async () => {
    // The first start has ended (and closed) before the folder is opened again.
    expect(firstStart).toBeDefined();
    await (await firstStart!).close();
    // A different seed size would show if the seed ran again.
    api = await startReferenceApi({ dataDir, seedGroups: 10 });
    const init = (await (await api.fetch(new Request("http://x/api/init/web"))).json()) as { data: { categories: { productCount: number }[] } };
    expect(init.data.categories.reduce((s, c) => s + c.productCount, 0)).toBe(50);
    const cities = await api.fetch(new Request("http://x/api/city/"));
    expect(cities.status).toBe(200);
  });

  it("registers change listeners", () => {
    expect(() => api!.onChange(() => {})).not.toThrow();
  });
});
