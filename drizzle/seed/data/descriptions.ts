/**
 * Sentence templates for temple descriptions. Placeholders: {display} {place} {district}
 * {state} {title} {festival} {office} {year} {century} {open} {close} {puja} {station}.
 */
import type { Region } from "./states.ts";

/** Under 40 characters once filled with a short place name. */
export const SHORT: readonly string[] = [
  "A quiet village shrine.",
  "Ancient shrine of {title}.",
  "Family temple, open to all.",
  "Small shrine by the river.",
  "Neighbourhood temple.",
];

export const INTROS: readonly string[] = [
  "{display} is a centuries-old temple dedicated to {title} in {place}, {district} district.",
  "Dedicated to {title}, this temple in {place} is one of the best-loved shrines of {district}.",
  "The temple at {place} has been a centre of worship of {title} for generations of families in {district} district.",
  "{display} stands at the heart of {place} and draws devotees from across {state}.",
  "Devotees of {title} in {district} have gathered at this temple in {place} for as long as local memory goes back.",
];

export const HISTORY: readonly string[] = [
  "Local tradition holds that the idol was found by a farmer while ploughing and consecrated by a visiting sage.",
  "Inscriptions on the walls of the sanctum date the present structure to the {century} century.",
  "The temple was rebuilt in stone in {year} with contributions from devotees of the surrounding villages.",
  "A copper-plate grant preserved in the temple records land given for its daily worship in the {century} century.",
  "The shrine was renovated in {year}, when the old wooden structure was replaced with granite.",
  "According to the sthala purana, the deity appeared here in answer to the penance of a devoted sage.",
];

export const ARCHITECTURE: Record<Region, readonly string[]> = {
  kerala: [
    "The circular sreekovil with its copper-sheeted conical roof is surrounded by a nalambalam and a tall brass deepasthambham.",
    "A two-storeyed gopuram opens onto the temple courtyard, where a granite balikkal stands before the sanctum.",
    "The temple pond on the eastern side is used for the ritual bath during the annual festival.",
  ],
  tamil: [
    "A five-tiered gopuram rises over the eastern entrance, and the prakaram walls carry finely carved pillars.",
    "The vimana over the sanctum is decorated with stucco figures, and the temple tank lies to the north.",
    "The mandapam in front of the sanctum has pillars carved with scenes from the puranas.",
  ],
  karnataka: [
    "The temple is built in the Hoysala style, with a star-shaped platform and carved friezes of elephants and dancers.",
    "A wooden ratha is kept in the car street outside, drawn through the town during the annual jatra.",
    "The sanctum faces east, and a tall dhwajasthambha stands before the navaranga hall.",
  ],
  telugu: [
    "The rajagopuram at the entrance is visible from the approach road, and the sanctum is topped by a gilded vimana.",
    "The temple stands on a hill, reached by a flight of stone steps with small shrines along the way.",
    "A pushkarini beside the temple is used for the teppotsavam, the float festival.",
  ],
  west: [
    "The temple is built of black basalt, with a sabhamandap supported by carved pillars and a tall deepmal before the entrance.",
    "The shikhara over the sanctum is crowned with a golden kalash and a saffron flag.",
    "A stepped tank behind the temple is lit with lamps on festival evenings.",
  ],
  north: [
    "The curved shikhara of the temple, crowned with a saffron flag, is visible from across the town.",
    "The sanctum is reached through a marble courtyard where the evening aarti is performed.",
    "Bells hung along the entrance passage are rung by every devotee who enters.",
  ],
  east: [
    "The temple follows the rekha deula style, with a curved tower over the sanctum and a pidha deula over the assembly hall.",
    "The temple has a terracotta facade and a courtyard where the annual festival fair is held.",
    "The sanctum is approached through a natmandir, the hall for music and dance offerings.",
  ],
};

export const RITUALS: readonly string[] = [
  "The temple opens at {open} AM for the first darshan and closes at {close} PM after the last puja.",
  "Daily worship begins before dawn and continues with several pujas until the temple closes at night.",
  "The {festival} is the main festival of the year, celebrated with processions, music and lamps.",
  "{puja} is the most sought-after offering, and devotees book it weeks in advance.",
  "On {festival}, the deity is taken out in procession through the streets of {place}.",
];

export const FACILITIES: readonly string[] = [
  "Annadanam is served to devotees every afternoon.",
  "The temple is administered by {office}.",
  "The nearest railway station is {station}, and buses run from the district headquarters.",
  "Devotees are requested to wear traditional dress inside the temple.",
  "Prasad can be sent by post to devotees who book offerings online.",
  "A rest house near the temple offers simple rooms for pilgrims.",
];

export const ONLINE: readonly string[] = [
  "Pujas and donations for this temple can be booked on Sannidhi, and prasad is sent by post where the offering allows.",
  "Devotees who cannot visit can book {puja} online; the temple performs it on the chosen date in the devotee's name and star.",
];
