import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "api/**/*.test.ts", "contract/**/*.test.ts", "limits/**/*.test.ts", "shared/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    // Setup hooks migrate and seed a database (openTestApi: up to 200 product groups). Their time
    // scales with the machine's load, not with the code under test: on 2 cores shared with other
    // work (load average ~20) a seed of 120 groups took over 60 s. The bound only catches a hang.
    hookTimeout: 180_000,
  },
});
