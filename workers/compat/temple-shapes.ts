/** The spec's Temple, State, District, Deity and Puja entities as the legacy API sends them. */
import { z } from "zod";
import type { CatalogTemple } from "~/domain/catalog/temple-lists.server";
import { bit, toBit } from "./fields";

export const templeEntity = z.object({
  TempleID: z.number().int(),
  TempleName: z.string(),
  DisplayName: z.string(),
  ImageURL: z.string().meta({ description: "A path on this site, e.g. /images/temples/….svg" }),
  StreetName: z.string(),
  District: z.string(),
  State: z.string(),
  MetaDescription: z.string(),
  WebSite: z.string().meta({ description: "The temple's own host name, without scheme (open it as http://WebSite)." }),
  InternetBankingFacility: bit.meta({ description: "1: online booking available." }),
  isAssisted: bit,
});

export function legacyTemple(row: CatalogTemple): z.input<typeof templeEntity> {
  return {
    TempleID: row.id,
    TempleName: row.name,
    DisplayName: row.displayName,
    ImageURL: row.imageUrl,
    StreetName: row.streetName,
    District: row.district,
    State: row.state,
    MetaDescription: row.metaDescription,
    WebSite: row.website,
    InternetBankingFacility: toBit(row.onlineBooking),
    isAssisted: toBit(row.isAssisted),
  };
}

export const stateEntity = z.object({ StateID: z.number().int(), StateName: z.string() });
export const districtEntity = z.object({ DistrictID: z.number().int(), DistrictName: z.string(), StateID: z.number().int() });
export const deityEntity = z.object({ DeityID: z.number().int(), DeityName: z.string(), imagePath: z.string() });
export const pujaEntity = z.object({ PujaID: z.number().int(), PujaName: z.string() });

export const legacyState = (s: { id: number; name: string }) => ({ StateID: s.id, StateName: s.name });
export const legacyDistrict = (d: { id: number; name: string; stateId: number }) => ({
  DistrictID: d.id,
  DistrictName: d.name,
  StateID: d.stateId,
});
export const legacyDeity = (d: { id: number; name: string; imagePath: string }) => ({
  DeityID: d.id,
  DeityName: d.name,
  imagePath: d.imagePath,
});
export const legacyPuja = (p: { id: number; name: string }) => ({ PujaID: p.id, PujaName: p.name });
