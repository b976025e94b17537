import { describe, expect, it } from "vitest";
import { packTimeZones, timeZoneNames, unpackTimeZones } from "./time-zone";

describe("packTimeZones / unpackTimeZones", () => {
  it("round-trips this runtime's whole list, in order, in far fewer characters than JSON", () => {
    const names = timeZoneNames();
    expect(names.length).toBeGreaterThan(300);
    const packed = packTimeZones(names);
    expect(unpackTimeZones(packed)).toEqual(names);
    expect(packed.length).toBeLessThan(JSON.stringify(names).length * 0.75);
  });

  it("shares an area only within a run, and keeps nested and plain names whole", () => {
    const names = [
      "UTC",
      "Africa/Abidjan",
      "Africa/Accra",
      "America/Argentina/Buenos_Aires",
      "America/New_York",
      "GMT",
      "Etc/GMT+1",
      "America/Chicago",
    ];
    const packed = packTimeZones(names);
    expect(packed).toBe(
      "UTC;Africa/Abidjan,Accra;America/Argentina/Buenos_Aires,New_York;GMT;Etc/GMT+1;America/Chicago",
    );
    expect(unpackTimeZones(packed)).toEqual(names);
  });

  it("packs nothing as nothing", () => {
    expect(packTimeZones([])).toBe("");
    expect(unpackTimeZones("")).toEqual([]);
  });
});
