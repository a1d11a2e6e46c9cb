/** Temples: the landmark list first, then generated temples spread over every district. */
import { DEITIES } from "./data/deities.ts";
import type { DeityData } from "./data/deities.ts";
import { INTROS, HISTORY, ARCHITECTURE, RITUALS, FACILITIES, ONLINE, SHORT } from "./data/descriptions.ts";
import { LANDMARK_DESCRIPTIONS } from "./data/landmark-descriptions.ts";
import { NORTH_LANDMARKS } from "./data/landmarks-north.ts";
import { SOUTH_LANDMARKS } from "./data/landmarks-south.ts";
import { REGION_STYLES } from "./data/naming.ts";
import { PUJAS } from "./data/pujas.ts";
import { REGION_DEITIES } from "./data/region-deities.ts";
import type { Region } from "./data/states.ts";
import { templeImage } from "./data/images.ts";
import type { DistrictRow, Geo, StateRow } from "./geo.ts";
import { timestamp } from "./lib/dates.ts";
import { rngFor } from "./lib/random.ts";
import type { Rng } from "./lib/random.ts";
import { clip, fill, slugify } from "./lib/text.ts";

export type TempleRow = {
  id: number;
  key: string | null;
  slug: string;
  name: string;
  displayName: string;
  imageUrl: string;
  streetName: string;
  district: DistrictRow;
  state: StateRow;
  place: string;
  region: Region;
  description: string;
  metaDescription: string;
  website: string;
  onlineBooking: boolean;
  isAssisted: boolean;
  registration80g: string | null;
  pan: string | null;
  phone: string;
  email: string;
  createdAt: string;
  /** Deity slugs, principal first. */
  deities: string[];
  /** A puja named in the description; the catalog makes sure the temple offers it. */
  signaturePuja: string;
};

type Draft = {
  key: string | null;
  name: string;
  display: string;
  state: StateRow;
  district: DistrictRow;
  place: string;
  deities: string[];
  website?: string;
  /** A generated temple's naming: the templates and values its names were filled from. */
  naming?: { name: string; display: string; stem: string; quarter: string };
};

export const DEITY_BY_SLUG = new Map<string, DeityData>(DEITIES.map((d) => [d.slug, d]));

function deity(slug: string): DeityData {
  const found = DEITY_BY_SLUG.get(slug);
  if (!found) throw new Error(`unknown deity "${slug}"`);
  return found;
}

function landmarkDrafts(geo: Geo): Draft[] {
  const drafts: Draft[] = [];
  for (const table of [SOUTH_LANDMARKS, NORTH_LANDMARKS]) {
    for (const [stateName, lines] of Object.entries(table)) {
      const state = geo.stateByName.get(stateName);
      if (!state) throw new Error(`landmarks: unknown state "${stateName}"`);
      for (const line of lines) {
        const [key, name, display, districtName, place, deityList, website] = line.split("|").map((s) => s.trim());
        const district = geo.districtByName.get(`${stateName}/${districtName}`);
        if (!key || !name || !place || !deityList || !district) throw new Error(`landmarks: bad line "${line}"`);
        const deities = deityList.split(",").map((s) => s.trim());
        deities.forEach(deity);
        drafts.push({ key, name, display: display || name, state, district, place, deities, website });
      }
    }
  }
  return drafts;
}

function generatedDraft(rng: Rng, geo: Geo, district: DistrictRow): Draft {
  const state = geo.states[district.stateId - 1]!;
  const style = REGION_STYLES[state.region];
  const principal = deity(rng.weighted(REGION_DEITIES[state.region]));
  const stems = principal.stems[state.region] ?? principal.stems.any ?? [principal.name];
  const stem = rng.pick(stems);
  const place = rng.pick(district.towns);
  const values = { stem, place, quarter: rng.pick(style.quarters) };
  const nameTemplate = rng.weighted(style.names);
  const displayTemplate = rng.pick(style.displays);
  const deities = [principal.slug];
  const extra = rng.weighted([
    [0, 4],
    [1, 4],
    [2, 2],
  ] as const);
  for (const slug of rng.sample(principal.companions, extra)) if (!deities.includes(slug)) deities.push(slug);
  return {
    key: null,
    name: fill(nameTemplate, values),
    display: fill(displayTemplate, values),
    state,
    district,
    place,
    deities,
    naming: { name: nameTemplate, display: displayTemplate, stem, quarter: values.quarter },
  };
}

/**
 * A generated temple named like one before it in the same district (its name or display
 * name is another temple's name or display name there) is named again: first the same
 * names in another town of the district, then another quarter or another of the region's
 * templates, in a fixed order (no random draws, so the temples after it are drawn as
 * before). Two temples of one name in one place would be twins in every list and suggestion.
 */
function nameApart(draft: Draft, inUse: Set<string>): Draft {
  const taken = (text: string) => inUse.has(`${draft.district.id}|${text.toLowerCase()}`);
  const { naming } = draft;
  if (!naming || (!taken(draft.name) && !taken(draft.display))) return draft;
  const style = REGION_STYLES[draft.state.region];
  const places = [...draft.district.towns.filter((town) => town !== draft.place), draft.place];
  const quarters = [naming.quarter, ...style.quarters.filter((quarter) => quarter !== naming.quarter)];
  const nameTemplates = [naming.name, ...style.names.map(([template]) => template).filter((template) => template !== naming.name)];
  const displayTemplates = [naming.display, ...style.displays.filter((template) => template !== naming.display)];
  for (const place of places) {
    for (const quarter of quarters) {
      const values = { stem: naming.stem, place, quarter };
      const name = nameTemplates.map((template) => fill(template, values)).find((text) => !taken(text));
      if (!name) continue;
      const display = [...displayTemplates.map((template) => fill(template, values)), name].find((text) => !taken(text));
      if (display) return { ...draft, name, display, place };
    }
  }
  for (let n = 2; ; n++) {
    const [name, display] = [`${draft.name} ${n}`, `${draft.display} ${n}`];
    if (!taken(name) && !taken(display)) return { ...draft, name, display };
  }
}

/** Every draft named apart from the temples before it in its district. */
function namedApart(drafts: Draft[]): Draft[] {
  const inUse = new Set<string>();
  return drafts.map((original) => {
    const draft = nameApart(original, inUse);
    for (const text of [draft.name, draft.display]) inUse.add(`${draft.district.id}|${text.toLowerCase()}`);
    return draft;
  });
}

function describe(rng: Rng, draft: Draft, online: boolean, puja: string): string {
  const principal = deity(draft.deities[0]!);
  const values = {
    display: draft.display,
    place: draft.place,
    district: draft.district.name,
    state: draft.state.name,
    title: principal.title,
    festival: rng.pick(principal.festivals),
    office: rng.pick(REGION_STYLES[draft.state.region].office),
    year: String(rng.int(1890, 2018)),
    century: rng.pick(["tenth", "eleventh", "twelfth", "thirteenth", "fifteenth", "sixteenth", "seventeenth"]),
    open: String(rng.int(4, 6)),
    close: String(rng.int(8, 9)),
    puja,
    station: draft.district.towns[0] ?? draft.district.name,
  };
  const kind = rng.weighted([
    ["short", 8],
    ["medium", 22],
    ["long", 64],
    ["epic", 6],
  ] as const);
  if (kind === "short") {
    const text = fill(rng.pick(SHORT), values);
    return text.length < 40 ? text : "Neighbourhood temple.";
  }
  const parts = [fill(rng.pick(INTROS), values)];
  if (kind === "medium") return parts[0]!;
  const arch = ARCHITECTURE[draft.state.region];
  const pool =
    kind === "long"
      ? [rng.pick(HISTORY), rng.pick(arch), rng.pick(RITUALS), ...(online ? [rng.pick(ONLINE)] : [])]
      : [
          rng.pick(HISTORY),
          ...rng.sample(arch, 2),
          ...rng.sample(RITUALS, 2),
          ...rng.sample(FACILITIES, 2),
          ...(online ? [rng.pick(ONLINE)] : []),
        ];
  let length = parts[0]!.length;
  for (const template of pool) {
    const sentence = fill(template, values);
    // "long" descriptions stay between 160 and 400 characters; "epic" ones run past 400.
    if (kind === "long" && length > 160 && length + sentence.length + 1 > 400) continue;
    parts.push(sentence);
    length += sentence.length + 1;
  }
  return parts.join(" ");
}

function signaturePuja(rng: Rng, draft: Draft): string {
  const principal = draft.deities[0]!;
  const fits = PUJAS.filter((p) => p.for.includes(principal) && (!p.regions || p.regions.includes(draft.state.region)));
  return fits.length > 0 ? rng.pick(fits).name : "Archana";
}

function compact(text: string): string {
  return slugify(text).replace(/-/g, "");
}

/**
 * `mustBeOnline`: landmark keys that packages, staff accounts and demo bookings rely on.
 */
export function generateTemples(geo: Geo, count: number, today: string, mustBeOnline: ReadonlySet<string>): TempleRow[] {
  const rng = rngFor("temples");
  const landmarks = landmarkDrafts(geo);
  const drafts = landmarks.slice(0, count);
  const order = rng.shuffle(geo.districts);
  const weights = geo.states.map((s) => [s, s.weight] as const);
  for (let i = drafts.length; i < count; i++) {
    const n = i - landmarks.length;
    const district = n >= 0 && n < order.length ? order[n]! : rng.pick(geo.districtsOfState.get(rng.weighted(weights).id)!);
    drafts.push(generatedDraft(rng, geo, district));
  }
  const targetOnline = Math.round(count * 0.4);
  const landmarkCount = Math.min(count, landmarks.length);
  const pOnline = Math.max(0.05, (targetOnline - landmarkCount * 0.85) / Math.max(1, count - landmarkCount));
  const slugs = new Set<string>();
  const hosts = new Set<string>();
  return namedApart(drafts).map((draft, index) => {
    const landmark = draft.key !== null;
    const online = landmark ? rng.chance(0.85) || mustBeOnline.has(draft.key!) : rng.chance(pOnline);
    let slug = slugify(draft.name);
    if (slugs.has(slug)) slug = `${slug}-${slugify(draft.district.name)}`;
    for (let n = 2; slugs.has(slug); n++) slug = `${slugify(draft.name)}-${n}`;
    slugs.add(slug);
    const style = REGION_STYLES[draft.state.region];
    let website = "";
    if (draft.website) {
      website = draft.website;
      hosts.add(website);
    } else if (rng.chance(landmark ? 0.9 : 0.58)) {
      const values = { place: compact(draft.place), deity: compact(deity(draft.deities[0]!).name) };
      const candidates = rng.shuffle(style.hosts).map((t) => fill(t, values));
      website = candidates.find((h) => !hosts.has(h)) ?? `${compact(draft.place)}${index + 1}-temple.org`;
      hosts.add(website);
    }
    const trust = online && rng.chance(0.25);
    const pan = trust ? `${rng.letters(3)}T${compact(draft.name).charAt(0).toUpperCase() || "S"}${rng.digits(4)}${rng.letters(1)}` : null;
    const std = draft.district.std;
    const signature = signaturePuja(rng, draft);
    return {
      id: index + 1,
      key: draft.key,
      slug,
      name: draft.name,
      displayName: draft.display,
      imageUrl: templeImage(draft.state.region, rng.int(0, 7)),
      streetName: rng.pick(style.streets),
      district: draft.district,
      state: draft.state,
      place: draft.place,
      region: draft.state.region,
      description: (draft.key ? LANDMARK_DESCRIPTIONS[draft.key] : undefined) ?? describe(rng, draft, online, signature),
      metaDescription: clip(
        `${draft.display}, ${draft.district.name}, ${draft.state.name}: temple of ${deity(draft.deities[0]!).title}. ` +
          (online ? "Book pujas and donations online, with prasad by post." : "Timings, festivals and offerings."),
        160,
      ),
      website,
      onlineBooking: online,
      isAssisted: rng.chance(0.15),
      registration80g: pan ? `${pan}F${rng.int(2019, 2024)}${rng.int(1, 9)}` : null,
      pan,
      phone: rng.chance(0.8) ? `+91 ${std} 2${rng.digits(9 - std.length)}` : `+91 9${rng.digits(9)}`,
      email: website
        ? `${rng.pick(["info", "office", "contact"])}@${website}`
        : `${compact(draft.place)}.${compact(deity(draft.deities[0]!).name)}${index + 1}@temples.sannidhi.example`,
      createdAt: timestamp(today, -rng.int(30, 1500), rng.int(0, 1439)),
      deities: draft.deities,
      signaturePuja: signature,
    };
  });
}
