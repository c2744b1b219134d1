/**
 * Norwegian Bokmål catalogue words. The indefinite adjective takes -t before a neuter noun, except adjectives that
 * cannot (in -sk, -ig, or already ending in -t): Klassisk kaffekopp, Mykt pledd, Bærekraftig belte.
 */
import type { Vocabulary } from '../types.ts';
import { inflected, SIZES } from './build.ts';

export const NB: Partial<Vocabulary> = {
  ...inflected({
    position: 'before',
    classes: ['mf', 'n'],
    nouns: {
      mf: ['kaffekopp', 'tekanne', 'ryggsekk', 'lue', 'caps', 'jakke', 'genser', 'skjorte', 'skulderveske', 'lommebok', 'stekepanne', 'bordlampe', 'vannflaske', 'yogamatte', 'hengekøye', 'pute', 'fyllepenn', 'høyttaler', 'sykkellykt', 'kurv'],
      n: ['skjerf', 'duftlys', 'veggur', 'armbåndsur', 'forkle', 'badehåndkle', 'skjærebrett', 'brettspill', 'puslespill', 'mobildeksel', 'hundehalsbånd', 'belte', 'pledd', 'krus'],
    },
    adjectives: [
      ['klassisk', 'klassisk'], ['håndlaget', 'håndlaget'], ['lett', 'lett'], ['robust', 'robust'], ['vanntett', 'vanntett'],
      ['tidløs', 'tidløst'], ['nordisk', 'nordisk'], ['rustikk', 'rustikt'], ['moderne', 'moderne'], ['bærekraftig', 'bærekraftig'],
      ['myk', 'mykt'], ['kompakt', 'kompakt'], ['enkel', 'enkelt'], ['praktisk', 'praktisk'], ['elegant', 'elegant'],
    ],
  }),
  digital_product_names: [
    'E-bok om surdeigsbrød', 'Akvarellkurs for nybegynnere', 'Mal for bryllupsinvitasjoner', 'Budsjett i regneark', 'Lightroom-forhåndsinnstillinger',
    'Håndbok i gitarakkorder', 'Guide til matpakker', 'CV-maler', 'Ikonpakke', 'Grunnleggende fotografering (e-bok)', 'Guidede meditasjoner (lyd)',
    'Samling av strikkeoppskrifter', 'Treningsprogram for hjemmet', 'Reisedagbok til utskrift', 'Pianonoter',
  ],
  materials: ['økologisk bomull', 'merinoull', 'rustfritt stål', 'eik', 'bambus', 'steintøy', 'lin', 'støpejern', 'narvlær', 'resirkulert polyester', 'borosilikatglass'],
  description_sentences: [
    '{name} av {material} – kvalitet som varer i mange år.',
    'Materiale: {material}. Enkelt å vedlikeholde.',
    'Hvert produkt kontrolleres for hånd før det forlater verkstedet vårt.',
    'Et enkelt design som passer inn overalt.',
    'En populær gave blant kundene våre.',
    'To års garanti og gratis retur innen 30 dager.',
    'Vi sender i plastfri emballasje.',
    'Tørk av med en fuktig klut.',
    '{name}: gjennomtenkt helt ned i detaljene.',
    'Finnes i flere farger.',
    'Passer fint sammen med resten av kolleksjonen vår.',
  ],
  category_tree: [
    {
      name: 'Klær',
      children: [
        { name: 'Herre', children: [{ name: 'Skjorter' }, { name: 'Bukser' }, { name: 'Jakker' }] },
        { name: 'Dame', children: [{ name: 'Kjoler' }, { name: 'Topper' }, { name: 'Skjørt' }] },
        { name: 'Barn' },
      ],
    },
    { name: 'Tilbehør', children: [{ name: 'Vesker', children: [{ name: 'Ryggsekker' }, { name: 'Handlevesker' }] }, { name: 'Smykker' }, { name: 'Luer & capser' }] },
    { name: 'Hjem & kjøkken', children: [{ name: 'Kjøkkenutstyr', children: [{ name: 'Stekepanner' }, { name: 'Kniver' }] }, { name: 'Servise' }, { name: 'Interiør', children: [{ name: 'Lys' }, { name: 'Rammer' }] }] },
    { name: 'Elektronikk', children: [{ name: 'Hodetelefoner & høyttalere' }, { name: 'Mobiltilbehør' }, { name: 'Ladere & kabler' }] },
    { name: 'Sport & fritid', children: [{ name: 'Trening', children: [{ name: 'Yogautstyr' }, { name: 'Vekter' }] }, { name: 'Friluftsliv' }, { name: 'Sykling' }] },
    { name: 'Kontor & papir', children: [{ name: 'Notatbøker' }, { name: 'Penner' }] },
    { name: 'Kjæledyr', children: [{ name: 'Hund' }, { name: 'Katt' }] },
    { name: 'Leker & spill', children: [{ name: 'Puslespill' }, { name: 'Brettspill' }] },
    { name: 'Digitale produkter', children: [{ name: 'E-bøker' }, { name: 'Kurs' }, { name: 'Maler' }] },
  ],
  brand_names: [
    'Nordavind', 'Eikeli', 'Lindetun', 'Sølvbregne', 'Havnelys', 'Lønneveien', 'Steinbekk', 'Kobberblad', 'Klarvann', 'Rødskog',
    'Einer', 'Tårnfalk', 'Granli', 'Feltbok', 'Engblom', 'Solvik', 'Drivved', 'Lyngheia', 'Månestein', 'Bjørnebær',
  ],
  brand_lines: ['Barn', 'Atelier', 'Sport', 'Hjem', 'Ute', 'Basis', 'Reise', 'Klassisk', 'Aktiv', 'Utgave'],
  tag_labels: [
    'Nyhet', 'Bestselger', 'Salg', 'Begrenset opplag', 'Bærekraftig', 'Håndlaget', 'Gavetips', 'Vegansk', 'Økologisk', 'Vanntett',
    'Sommer', 'Vinter', 'Skolestart', 'Jul', 'Våre favoritter', 'Sett', 'Utsalg', 'Lokalprodusert', 'Resirkulert', 'Unisex',
    'Reise', 'Plastfri', 'Rettferdig handel', 'Bestillingsvare', 'Eksklusiv', 'Populær', 'Siste sjanse', 'Liten serie',
  ],
  variation_axes: [
    { name: 'Farge', values: ['Svart', 'Hvit', 'Marineblå', 'Rød', 'Skoggrønn', 'Sand', 'Grå', 'Sennepsgul'] },
    { name: 'Størrelse', values: SIZES },
    { name: 'Materiale', values: ['Bomull', 'Lin', 'Ull', 'Resirkulert polyester'] },
    { name: 'Volum', values: ['25 cl', '35 cl', '50 cl', '75 cl', '1 l'] },
    { name: 'Overflate', values: ['Matt', 'Blank', 'Sateng', 'Børstet'] },
    { name: 'Pakning', values: ['Enkel', '2-pakning', '3-pakning', '6-pakning'] },
  ],
  shipping_class_names: ['Liten pakke', 'Standardpakke', 'Plasskrevende', 'Overdimensjonert', 'Skjørt gods', 'Brev', 'Tungt gods', 'Kjølevare', 'Flat pakke', 'Frakt', 'Farlig gods', 'Lett pakke'],
  shipping_class_descriptions: ['For varer som sendes som «{name}».', '{name}: transportøren tar betalt for seg.', 'Fraktklasse {name}.'],
  shipping_method_titles: { flat_rate: 'Standard frakt', free_shipping: 'Gratis frakt', local_pickup: 'Henting i butikk' },
  tax_class_names: { standard: 'Alminnelig sats', reduced: 'Redusert sats', zero: 'Nullsats' },
  coupon_words: ['VELKOMMEN', 'VAR', 'SOMMER', 'HOST', 'VINTER', 'TAKK', 'VIP', 'VENNER', 'LYN', 'HELG', 'LOJAL', 'BURSDAG', 'STUDENT', 'SALG'],
  coupon_descriptions: {
    percentage: '{percent} % rabatt på bestillingen din',
    fixed_cart: '{money} rabatt på bestillingen din',
    free_shipping: 'Gratis frakt',
    minimum: '{label} ved kjøp over {minimum}',
  },
  brand_descriptions: ['{name} lager hverdagsting som varer.', 'Det uavhengige merket {name}, designet i små serier.', '{name}: ærlige materialer, rimelige priser.', 'Kolleksjonen fra {name}, valgt ut av innkjøperne våre.'],
  label_names: ['VIP', 'Gave', 'Prioritet', 'Engros', 'Knuselig', 'Må sjekkes', 'Fast kunde', 'Følg opp', 'Restordre', 'Ekspress', 'Utlandet', 'Henting', 'Forhåndsbestilling', 'Erstatning', 'Høy verdi', 'Svindelsjekk', 'Gaveinnpakning', 'Bedrift', 'Abonnement', 'Skadet under transport', 'Sjekk adresse'],
  refund_reasons: ['Varen kom skadet', 'Feil størrelse', 'Angret kjøp', 'Varen samsvarer ikke med beskrivelsen', 'Leveringen kom for sent', 'Dobbel bestilling', 'Fant en bedre pris', 'Deler mangler', 'Feil vare sendt', 'Kvaliteten var ikke som forventet'],
  order_notes: ['Lever pakken hos en nabo hvis jeg ikke er hjemme.', 'Dette er en gave, ikke legg ved fakturaen.', 'Ring på to ganger.', 'Kan dere gavepakke den?', 'Send gjerne sammen med min forrige bestilling om mulig.', 'Ring meg når dere kommer.', 'Ingen hast.', 'Bursdagsgave, legg gjerne ved et kort.'],
  label_descriptions: ['Bestillinger merket «{name}».', 'Etikett for bestillinger: {name}.', '{name}: behandles særskilt.'],
};
