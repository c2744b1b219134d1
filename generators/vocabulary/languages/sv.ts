/** Swedish catalogue words. The indefinite adjective takes -t before an ett-word: Klassisk kaffemugg, Klassiskt armbandsur. */
import type { Vocabulary } from '../types.ts';
import { inflected, SIZES } from './build.ts';

export const SV: Partial<Vocabulary> = {
  ...inflected({
    position: 'before',
    classes: ['en', 'ett'],
    nouns: {
      en: ['kaffemugg', 'tekanna', 'ryggsäck', 'halsduk', 'mössa', 'keps', 'jacka', 'tröja', 'skjorta', 'axelväska', 'plånbok', 'stekpanna', 'skärbräda', 'bordslampa', 'väggklocka', 'vattenflaska', 'yogamatta', 'hängmatta', 'filt', 'kudde', 'reservoarpenna', 'högtalare', 'cykellampa'],
      ett: ['doftljus', 'armbandsur', 'förkläde', 'badlakan', 'anteckningsblock', 'brädspel', 'pussel', 'mobilskal', 'kuddfodral', 'hundhalsband', 'bälte'],
    },
    adjectives: [
      ['klassisk', 'klassiskt'], ['handgjord', 'handgjort'], ['lätt', 'lätt'], ['robust', 'robust'], ['vattentät', 'vattentätt'],
      ['tidlös', 'tidlöst'], ['nordisk', 'nordiskt'], ['rustik', 'rustikt'], ['modern', 'modernt'], ['hållbar', 'hållbart'],
      ['mjuk', 'mjukt'], ['kompakt', 'kompakt'], ['enkel', 'enkelt'], ['stilren', 'stilrent'], ['praktisk', 'praktiskt'],
    ],
  }),
  digital_product_names: [
    'E-bok om surdegsbröd', 'Akvarellkurs för nybörjare', 'Mall för bröllopsinbjudningar', 'Budget i kalkylark', 'Lightroom-förinställningar',
    'Handbok i gitarrackord', 'Guide till matlådor', 'CV-mallar', 'Ikonpaket', 'Grunderna i fotografering (e-bok)', 'Guidade meditationer (ljud)',
    'Samling stickmönster', 'Träningsprogram för hemmet', 'Resedagbok att skriva ut', 'Pianonoter',
  ],
  materials: ['ekologisk bomull', 'merinoull', 'rostfritt stål', 'ek', 'bambu', 'stengods', 'linne', 'gjutjärn', 'narvläder', 'återvunnen polyester', 'borosilikatglas'],
  description_sentences: [
    '{name} av {material} – kvalitet som håller i många år.',
    'Material: {material}. Lätt att sköta.',
    'Varje produkt kontrolleras för hand innan den lämnar vår verkstad.',
    'En enkel design som passar in överallt.',
    'En omtyckt present bland våra kunder.',
    'Två års garanti och fri retur inom 30 dagar.',
    'Vi skickar i plastfri förpackning.',
    'Torka av med en fuktig trasa.',
    '{name}: genomtänkt in i minsta detalj.',
    'Finns i flera färger.',
    'Passar fint ihop med resten av vår kollektion.',
  ],
  category_tree: [
    {
      name: 'Kläder',
      children: [
        { name: 'Herr', children: [{ name: 'Skjortor' }, { name: 'Byxor' }, { name: 'Jackor' }] },
        { name: 'Dam', children: [{ name: 'Klänningar' }, { name: 'Toppar' }, { name: 'Kjolar' }] },
        { name: 'Barn' },
      ],
    },
    { name: 'Accessoarer', children: [{ name: 'Väskor', children: [{ name: 'Ryggsäckar' }, { name: 'Shoppingväskor' }] }, { name: 'Smycken' }, { name: 'Mössor & kepsar' }] },
    { name: 'Hem & kök', children: [{ name: 'Kokkärl', children: [{ name: 'Stekpannor' }, { name: 'Knivar' }] }, { name: 'Servis' }, { name: 'Inredning', children: [{ name: 'Ljus' }, { name: 'Ramar' }] }] },
    { name: 'Elektronik', children: [{ name: 'Hörlurar & högtalare' }, { name: 'Mobiltillbehör' }, { name: 'Laddare & kablar' }] },
    { name: 'Sport & fritid', children: [{ name: 'Träning', children: [{ name: 'Yogatillbehör' }, { name: 'Vikter' }] }, { name: 'Friluftsliv' }, { name: 'Cykling' }] },
    { name: 'Kontor & papper', children: [{ name: 'Anteckningsböcker' }, { name: 'Pennor' }] },
    { name: 'Husdjur', children: [{ name: 'Hund' }, { name: 'Katt' }] },
    { name: 'Leksaker & spel', children: [{ name: 'Pussel' }, { name: 'Sällskapsspel' }] },
    { name: 'Digitala produkter', children: [{ name: 'E-böcker' }, { name: 'Kurser' }, { name: 'Mallar' }] },
  ],
  brand_names: [
    'Nordvind', 'Ekudden', 'Lindgården', 'Silverbräken', 'Hamnljus', 'Lönnvägen', 'Stenbäck', 'Kopparblad', 'Klarvatten', 'Rödskog',
    'Enbuske', 'Tornfalk', 'Granhult', 'Fältbok', 'Ängsblom', 'Solvik', 'Drivved', 'Ljunghed', 'Månsten', 'Björnbär',
  ],
  brand_lines: ['Barn', 'Ateljé', 'Sport', 'Hem', 'Ute', 'Bas', 'Resa', 'Klassisk', 'Aktiv', 'Utgåva'],
  tag_labels: [
    'Nyhet', 'Bästsäljare', 'Rea', 'Begränsad upplaga', 'Hållbar', 'Handgjord', 'Presenttips', 'Vegansk', 'Ekologisk', 'Vattentät',
    'Sommar', 'Vinter', 'Skolstart', 'Jul', 'Personalens favorit', 'Paket', 'Utförsäljning', 'Lokalt tillverkad', 'Återvunnen', 'Unisex',
    'Resa', 'Plastfri', 'Rättvisemärkt', 'Beställningsvara', 'Exklusiv', 'Populär', 'Sista chansen', 'Liten serie',
  ],
  variation_axes: [
    { name: 'Färg', values: ['Svart', 'Vit', 'Marinblå', 'Röd', 'Skogsgrön', 'Sand', 'Grå', 'Senapsgul'] },
    { name: 'Storlek', values: SIZES },
    { name: 'Material', values: ['Bomull', 'Linne', 'Ull', 'Återvunnen polyester'] },
    { name: 'Volym', values: ['25 cl', '35 cl', '50 cl', '75 cl', '1 l'] },
    { name: 'Yta', values: ['Matt', 'Blank', 'Satin', 'Borstad'] },
    { name: 'Förpackning', values: ['Styck', '2-pack', '3-pack', '6-pack'] },
  ],
  shipping_class_names: ['Litet paket', 'Standardpaket', 'Skrymmande', 'Överdimensionerat', 'Ömtåligt', 'Brev', 'Tunggods', 'Kylvara', 'Platt paket', 'Frakt', 'Farligt gods', 'Lätt paket'],
  shipping_class_descriptions: ['För varor som skickas som ”{name}”.', '{name}: transportören tar betalt separat.', 'Fraktklass {name}.'],
  shipping_method_titles: { flat_rate: 'Standardfrakt', free_shipping: 'Fri frakt', local_pickup: 'Hämta i butik' },
  tax_class_names: { standard: 'Normalskattesats', reduced: 'Reducerad skattesats', zero: 'Nollskattesats' },
  coupon_words: ['VALKOMMEN', 'VAR', 'SOMMAR', 'HOST', 'VINTER', 'TACK', 'VIP', 'VANNER', 'BLIXT', 'HELG', 'LOJAL', 'FODELSEDAG', 'STUDENT', 'REA'],
  coupon_descriptions: {
    percentage: '{percent} % rabatt på din beställning',
    fixed_cart: '{money} rabatt på din beställning',
    free_shipping: 'Fri frakt',
    minimum: '{label} vid köp över {minimum}',
  },
  brand_descriptions: ['{name} gör vardagssaker som håller.', 'Det fristående märket {name}, formgivet i små serier.', '{name}: ärliga material, rimliga priser.', 'Kollektionen från {name}, utvald av våra inköpare.'],
  label_names: ['VIP', 'Present', 'Prioritet', 'Grossist', 'Ömtåligt', 'Granska', 'Stamkund', 'Följ upp', 'Restorder', 'Express', 'Utlandet', 'Upphämtning', 'Förbeställning', 'Ersättning', 'Högt värde', 'Bedrägerikontroll', 'Presentinslagning', 'Företag', 'Prenumeration', 'Skadad i transporten', 'Kontrollera adress'],
  refund_reasons: ['Varan kom skadad', 'Fel storlek', 'Ångrat köpet', 'Varan stämmer inte med beskrivningen', 'Leveransen kom för sent', 'Dubbel beställning', 'Hittade ett bättre pris', 'Delar saknas', 'Fel vara skickades', 'Kvaliteten motsvarade inte förväntningarna'],
  order_notes: ['Lämna paketet hos en granne om jag inte är hemma.', 'Det är en present, skicka inte med kvittot.', 'Ring på två gånger.', 'Kan ni slå in den som present?', 'Skicka gärna tillsammans med min förra beställning.', 'Ring mig när ni är framme.', 'Ingen brådska.', 'Födelsedagspresent, lägg gärna till ett kort.'],
  label_descriptions: ['Beställningar märkta ”{name}”.', 'Etikett för beställningar: {name}.', '{name}: hanteras separat.'],
};
