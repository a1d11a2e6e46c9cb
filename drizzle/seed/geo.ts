/** States and districts with ids, built from data/states.ts. */
import { STATES } from "./data/states.ts";
import type { Region } from "./data/states.ts";

export type StateRow = { id: number; name: string; region: Region; weight: number };
export type DistrictRow = {
  id: number;
  stateId: number;
  name: string;
  towns: readonly string[];
  std: string;
  pin: string;
};

export type Geo = {
  states: StateRow[];
  districts: DistrictRow[];
  stateByName: Map<string, StateRow>;
  /** Keyed by "State/District". */
  districtByName: Map<string, DistrictRow>;
  districtsOfState: Map<number, DistrictRow[]>;
};

export function buildGeo(): Geo {
  const states: StateRow[] = [];
  const districts: DistrictRow[] = [];
  const stateByName = new Map<string, StateRow>();
  const districtByName = new Map<string, DistrictRow>();
  const districtsOfState = new Map<number, DistrictRow[]>();
  STATES.forEach((data, index) => {
    const state: StateRow = { id: index + 1, name: data.name, region: data.region, weight: data.weight };
    states.push(state);
    stateByName.set(state.name, state);
    const own: DistrictRow[] = [];
    data.districts.forEach((line, d) => {
      const [name, townList] = line.split(":").map((part) => part.trim());
      if (!name || !townList) throw new Error(`bad district line "${line}"`);
      const district: DistrictRow = {
        id: districts.length + 1,
        stateId: state.id,
        name,
        towns: townList.split("|").map((town) => town.trim()),
        std: data.std[d % data.std.length]!,
        pin: data.pin[d % data.pin.length]!,
      };
      districts.push(district);
      own.push(district);
      districtByName.set(`${state.name}/${name}`, district);
    });
    districtsOfState.set(state.id, own);
  });
  return { states, districts, stateByName, districtByName, districtsOfState };
}
