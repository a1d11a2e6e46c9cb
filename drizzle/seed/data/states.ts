/**
 * States (and two union territories) with real districts and a few real towns in each
 * district ("District: Town | Town"). Region decides naming style, streets and pujas.
 * `weight` is the share of generated temples; `std` the landline area-code stems; `pin`
 * the first three digits of postal codes.
 */
import { NORTH_EAST_STATES } from "./states-north-east.ts";
import { SOUTH_WEST_STATES } from "./states-south-west.ts";

export type Region = "kerala" | "tamil" | "karnataka" | "telugu" | "west" | "north" | "east";

export type StateData = {
  name: string;
  region: Region;
  weight: number;
  std: readonly string[];
  pin: readonly string[];
  districts: readonly string[];
};

export const STATES: readonly StateData[] = [...SOUTH_WEST_STATES, ...NORTH_EAST_STATES];
