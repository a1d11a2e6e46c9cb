/** News items. `age` is how many days before `today` they were published. */
export type NewsData = { temple: string | null; header: string; age: number; body: string };

export const NEWS: readonly NewsData[] = [
  {
    temple: "guruvayur",
    header: "Guruvayur Devaswom opens online booking for archana and palpayasam",
    age: 3,
    body:
      "Devotees can now book archana, pushpanjali, neyvilakku and palpayasam at the Guruvayur Sree " +
      "Krishna temple through Sannidhi, with prasad sent by post to any address in India. The Devaswom " +
      "has said that the online bookings are performed along with the offerings booked at the counters, " +
      "in the devotee's name and birth star, on the date chosen. Offerings that are booked years in " +
      "advance, such as the Udayasthamana Pooja and the Krishnanattam, remain on request only: the " +
      "request is forwarded to the Devaswom office, which confirms a date where one is available. " +
      "Devotees are reminded that the temple's dress code continues to apply for darshan: men in mundu " +
      "without shirts and women in sari, churidar or long skirt. The Devaswom also asks devotees not to " +
      "rely on unofficial agents who offer to arrange darshan or offerings for a fee. Payments made on " +
      "Sannidhi go directly to the temple's account, and every booking has a receipt number that can be " +
      "checked at the temple office. Postal prasad is dispatched within a week of the puja date, and a " +
      "tracking number appears in My Transactions once it is sent.",
  },
  {
    temple: null,
    header: "Prasad by post now reaches every district of India",
    age: 9,
    body:
      "Sannidhi's prasad delivery, which began with a handful of Kerala temples, now reaches every " +
      "district in the country. Temples pack the prasad in sealed pouches after the puja and hand it to " +
      "India Post, and the tracking number is shown with the booking. Perishable offerings such as " +
      "payasam are sent only within the temple's own state. Delivery usually takes five to ten days.",
  },
  {
    temple: "sabarimala",
    header: "Sabarimala pilgrims: what to know before you travel this season",
    age: 14,
    body:
      "The pilgrimage season at Sabarimala draws devotees from across the south, and the Travancore " +
      "Devaswom Board has published its arrangements for the season. Darshan is by virtual queue only, " +
      "and a slot must be booked before starting the journey; pilgrims without a slot may be held at " +
      "Nilakkal. The traditional forest path from Erumeli is open during the daytime hours announced by " +
      "the forest department. KSRTC runs chain services between Nilakkal and Pamba, and private " +
      "vehicles are not allowed beyond Nilakkal. Pilgrims should carry the irumudi and an identity " +
      "card, drink only boiled water, and avoid plastic on the hill, which is a protected tiger " +
      "reserve. Elderly pilgrims and children should use the medical aid posts along the Swami Ayyappan " +
      "road if they feel tired. Neyyabhishekam is performed from early morning until noon. Aravana and " +
      "appam are available at the counters at the Sannidhanam, and Aravana can also be booked on " +
      "Sannidhi for postal delivery after the season. For the latest news, pilgrims should follow the " +
      "official announcements of the Devaswom Board.",
  },
  {
    temple: "brihadeeswarar",
    header: "Conservation of the Chola murals begins at the Big Temple",
    age: 21,
    body:
      "Conservation work has begun on the Chola-period paintings in the circumambulatory passage around " +
      "the sanctum of the Brihadeeswarar temple in Thanjavur. The murals, painted more than a thousand " +
      "years ago and later covered by Nayak-period paintings, show Lord Shiva as Tripurantaka, scenes " +
      "from the life of the saint Sundarar and dancers in the court of the king. Conservators are " +
      "cleaning the surfaces, consolidating flaking plaster and documenting both layers of painting " +
      "with high-resolution photographs before any further work is decided. The passage will remain " +
      "closed to visitors while the work continues, but darshan in the main sanctum and the daily pujas " +
      "are not affected. The temple, a UNESCO World Heritage Site together with the temples at " +
      "Gangaikonda Cholapuram and Darasuram, receives thousands of visitors a day. Devotees who book an " +
      "abhishekam at the temple through Sannidhi can choose any date; the temple administration has " +
      "confirmed that the pujas continue as usual through the conservation period. A small exhibition " +
      "of photographs of the murals has been set up near the entrance for visitors.",
  },
  {
    temple: "tirumala",
    header: "Additional Kalyanotsavam slots at Tirumala",
    age: 27,
    body:
      "The temple has added slots for the Kalyanotsavam seva on weekends. Devotees who book the seva " +
      "receive an uttariyam, a blouse piece and laddu prasad. Bookings open ninety days in advance.",
  },
  {
    temple: "kedarnath",
    header: "Kedarnath portals to open after the winter closure",
    age: 33,
    body:
      "The portals of the Kedarnath temple will open for the summer season on the date announced by the " +
      "temple committee, after the doli of Lord Kedarnath arrives from its winter seat at Ukhimath. " +
      "Registration is compulsory for all pilgrims. Pujas booked during the winter are performed at the " +
      "Omkareshwar temple in Ukhimath.",
  },
  {
    temple: "palani",
    header: "New ropeway cars at Palani",
    age: 40,
    body:
      "The ropeway to the hilltop temple of Lord Dhandayuthapani at Palani has new cars, and the winch " +
      "train continues to run alongside. The temple recommends that elderly devotees use the ropeway in " +
      "the early morning, when waiting times are shortest.",
  },
  {
    temple: null,
    header: "Priests directory added to Sannidhi",
    age: 46,
    body:
      "Devotees can now look up priests by the puja they perform, the temple they serve or their name. " +
      "The directory lists priests who have agreed to be contacted for pujas at home and at the temples " +
      "they are attached to. Temples can add or remove their priests through their Sannidhi account.",
  },
  {
    temple: null,
    header: "Fifty more temples get their own websites",
    age: 55,
    body:
      "Under the temple websites programme, fifty more temples across Kerala, Tamil Nadu and Karnataka " +
      "now have their own websites, built and hosted by Sannidhi. Each site shows the temple's history, " +
      "timings, festivals and offerings, and links to online booking where the temple has enabled it. " +
      "Temples that want a website can register their interest on the Temple Signup page.",
  },
  {
    temple: "meenakshi",
    header: "E-hundi at the Meenakshi Amman temple",
    age: 62,
    body:
      "Devotees can now make offerings to the hundi of the Meenakshi Amman temple online, and a receipt " +
      "is issued immediately. Donations to the Annadanam fund are eligible for deduction under section " +
      "80G of the Income Tax Act: please enter your PAN when donating.",
  },
  {
    temple: "puri",
    header: "Queue arrangements for darshan at the Jagannath temple",
    age: 70,
    body:
      "The temple administration has introduced a new queue system with separate lines for elderly " +
      "devotees and persons with disabilities. Devotees are asked to deposit mobile phones, cameras and " +
      "leather goods at the counters outside the Singhadwara.",
  },
  {
    temple: "ambalappuzha",
    header: "Ambalappuzha temple pond renovated",
    age: 84,
    body:
      "The renovation of the temple pond at Ambalappuzha has been completed, and the pond was reopened " +
      "with a special puja. The steps and the surrounding walkway were rebuilt with laterite, and the " +
      "inlet that brings water from the backwaters was cleared. The famous palpayasam, offered to the " +
      "Lord every day at noon, can be booked online.",
  },
  {
    temple: null,
    header: "Monsoon advisory for pilgrims travelling to the Himalayan shrines",
    age: 98,
    body:
      "Pilgrims travelling to Kedarnath, Badrinath, Gangotri and Yamunotri during the monsoon should " +
      "check road conditions with the state disaster management authority before leaving, and carry " +
      "rain gear and warm clothing. Helicopter services may be suspended at short notice. Pujas booked " +
      "on Sannidhi for dates when a shrine is inaccessible are performed by the temple priests as " +
      "scheduled.",
  },
];
