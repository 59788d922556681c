// The preset tags, in their groups (the spec's list), for the server's tag vocabulary. Kept apart
// from media.ts so the islands, which get the vocabulary from GET /api/tags, do not carry it.

/**
 * The tag vocabulary: 62 tags in the spec's seven groups with their counts (Body Parts 8, Sexual
 * Acts 16, Categories 10, Style & Mood 9, Fetish & BDSM 8, Activities & Props 7, Content Type 6).
 * Those counts add up to 64: two tags belong to two groups each (POV to Style & Mood and Content
 * Type, Toys to Fetish & BDSM and Activities & Props), which makes 62 distinct tags. The spec does
 * not list the names; these are the plain, conventional ones.
 */
export const TAG_GROUPS: readonly { name: string; tags: readonly string[] }[] = [
  { name: 'Body Parts', tags: ['Ass', 'Breasts', 'Feet', 'Legs', 'Lips', 'Nipples', 'Pussy', 'Cock'] },
  {
    name: 'Sexual Acts',
    tags: [
      'Anal',
      'Blowjob',
      'Creampie',
      'Cumshot',
      'Cunnilingus',
      'Deepthroat',
      'Doggystyle',
      'Facial',
      'Fingering',
      'Handjob',
      'Kissing',
      'Masturbation',
      'Missionary',
      'Cowgirl',
      'Sixty-Nine',
      'Threesome',
    ],
  },
  { name: 'Categories', tags: ['Amateur', 'Asian', 'Blonde', 'Brunette', 'Couple', 'Lesbian', 'MILF', 'Redhead', 'Solo', 'Petite'] },
  { name: 'Style & Mood', tags: ['Romantic', 'Rough', 'Passionate', 'Sensual', 'Playful', 'Intimate', 'Artistic', 'Glamour', 'POV'] },
  { name: 'Fetish & BDSM', tags: ['BDSM', 'Bondage', 'Domination', 'Submission', 'Spanking', 'Latex', 'Roleplay', 'Toys'] },
  { name: 'Activities & Props', tags: ['Lingerie', 'Stockings', 'Toys', 'Vibrator', 'Shower', 'Outdoor', 'Massage'] },
  { name: 'Content Type', tags: ['Photo', 'Video', 'Selfie', 'POV', 'Close-up', 'Behind the Scenes'] },
];
/** The 62 distinct tags, alphabetical. */
export const PRESET_TAGS: readonly string[] = [...new Set(TAG_GROUPS.flatMap((g) => g.tags))].sort((a, b) => a.localeCompare(b));
