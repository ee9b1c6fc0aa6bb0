import { describe, expect, it } from "vitest";
import { mergeOnLogin } from "./saved-list.ts";

describe("mergeOnLogin (§4 sync on login)", () => {
  it("local items and an empty server: push the local list", () => {
    expect(mergeOnLogin([3, 2, 1], [], 300)).toEqual({ push: [3, 2, 1], merged: [3, 2, 1] });
  });

  it("otherwise pushes local-only items and merges them before the server's", () => {
    expect(mergeOnLogin([4, 2, 1], [2, 9], 300)).toEqual({ push: [4, 1], merged: [4, 1, 2, 9] });
  });

  it("nothing local: nothing to push, the server's list", () => {
    expect(mergeOnLogin([], [5, 6], 300)).toEqual({ push: [], merged: [5, 6] });
  });

  it("trims to the limit: the local list of an empty server, and local-only items beyond the room left", () => {
    const local = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(mergeOnLogin(local, [], 150).push).toHaveLength(150);
    const server = Array.from({ length: 140 }, (_, i) => 1000 + i);
    const { push, merged } = mergeOnLogin(local, server, 150);
    expect(push).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(merged).toHaveLength(150);
    expect(merged.slice(10)).toEqual(server);
  });

  it("a server list already over the limit is trimmed and gets nothing pushed", () => {
    const server = Array.from({ length: 310 }, (_, i) => i + 1);
    const { push, merged } = mergeOnLogin([999], server, 300);
    expect(push).toEqual([]);
    expect(merged).toEqual(server.slice(0, 300));
  });

  it("drops junk and duplicates on both sides", () => {
    expect(mergeOnLogin([2, 2, -1, 0, 1.5, 3], [3, 3, 4], 300)).toEqual({ push: [2], merged: [2, 3, 4] });
  });
});
