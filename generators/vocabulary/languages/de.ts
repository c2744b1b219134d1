/** German catalogue words. Adjectives take the strong ending of the noun's gender (no article): Klassischer Becher, Klassische Tasse, Klassisches Brett. */
import type { Vocabulary } from '../types.ts';
import { inflected, SIZES } from './build.ts';

/** Strong endings after no article, nominative: -er (m), -e (f), -es (n). */
const adj = (stem: string) => [`${stem}er`, `${stem}e`, `${stem}es`];

export const DE: Partial<Vocabulary> = {
  ...inflected({
    position: 'before',
    classes: ['m', 'f', 'n'],
    nouns: {
      m: ['Kaffeebecher', 'Rucksack', 'Schal', 'Ledergürtel', 'Kapuzenpullover', 'Wollpullover', 'Regenmantel', 'Wasserkocher', 'Kochtopf', 'Weidenkorb', 'Kerzenhalter', 'Bilderrahmen', 'Füllfederhalter', 'Kopfhörer', 'Lautsprecher', 'Geldbeutel'],
      f: ['Tasse', 'Teekanne', 'Tischlampe', 'Kuscheldecke', 'Duftkerze', 'Jeansjacke', 'Mütze', 'Umhängetasche', 'Trinkflasche', 'Pfanne', 'Salatschüssel', 'Wanduhr', 'Yogamatte', 'Hängematte', 'Handyhülle', 'Sonnenbrille'],
      n: ['T-Shirt', 'Hemd', 'Schneidebrett', 'Kochmesser', 'Notizbuch', 'Sofakissen', 'Badetuch', 'Fahrradlicht', 'Brettspiel', 'Hundehalsband', 'Ladekabel', 'Frühstücksbrettchen'],
    },
    adjectives: [
      adj('Klassisch'), adj('Nordisch'), adj('Handgemacht'), adj('Leicht'), adj('Robust'), adj('Wasserdicht'),
      adj('Zeitlos'), adj('Schlicht'), adj('Rustikal'), adj('Modern'), adj('Nachhaltig'), adj('Weich'), adj('Kompakt'), adj('Hochwertig'),
    ],
  }),
  digital_product_names: [
    'Sauerteig-Backbuch (E-Book)', 'Aquarell-Grundkurs', 'Vorlage für Hochzeitseinladungen', 'Haushaltsbuch als Tabelle', 'Lightroom-Presets',
    'Handbuch der Gitarrengriffe', 'Ratgeber Meal Prep', 'Vorlagen für den Lebenslauf', 'Icon-Set', 'Grundlagen der Fotografie (E-Book)',
    'Meditationen zum Anhören', 'Sammlung von Strickmustern', 'Trainingsplan für zu Hause', 'Reisetagebuch zum Ausdrucken', 'Klaviernoten-Album',
    'Gartenplaner zum Ausdrucken', 'Cocktail-Rezeptbuch',
  ],
  materials: ['Bio-Baumwolle', 'Merinowolle', 'Edelstahl', 'Eichenholz', 'Bambus', 'Steingut', 'Leinen', 'Gusseisen', 'Vollnarbenleder', 'Recycling-Polyester', 'Borosilikatglas'],
  description_sentences: [
    '{name} aus {material} – gemacht für viele Jahre.',
    'Gefertigt aus {material}, pflegeleicht und langlebig.',
    'Jedes Stück wird von Hand geprüft, bevor es unsere Werkstatt verlässt.',
    'Ein schlichtes Design, das sich überall einfügt.',
    'Ein beliebtes Geschenk bei unseren Kundinnen und Kunden.',
    'Mit zwei Jahren Garantie und kostenloser Rücksendung innerhalb von 30 Tagen.',
    'Wir versenden in plastikfreier Verpackung.',
    'Einfach mit einem feuchten Tuch abwischen.',
    'Das Material, {material}, stammt aus verantwortungsvollen Quellen.',
    'Passt wunderbar zum Rest unserer Kollektion.',
    '{name}: durchdacht bis ins Detail.',
    'In mehreren Farben erhältlich.',
  ],
  category_tree: [
    {
      name: 'Bekleidung',
      children: [
        { name: 'Herren', children: [{ name: 'Hemden' }, { name: 'Hosen' }, { name: 'Jacken' }] },
        { name: 'Damen', children: [{ name: 'Kleider' }, { name: 'Oberteile' }, { name: 'Röcke' }] },
        { name: 'Kinder' },
      ],
    },
    { name: 'Accessoires', children: [{ name: 'Taschen', children: [{ name: 'Rucksäcke' }, { name: 'Shopper' }] }, { name: 'Schmuck' }, { name: 'Mützen & Kappen' }] },
    { name: 'Haus & Küche', children: [{ name: 'Kochgeschirr', children: [{ name: 'Pfannen' }, { name: 'Messer' }] }, { name: 'Geschirr' }, { name: 'Wohndeko', children: [{ name: 'Kerzen' }, { name: 'Bilderrahmen' }] }] },
    { name: 'Elektronik', children: [{ name: 'Kopfhörer & Lautsprecher' }, { name: 'Handyzubehör' }, { name: 'Ladegeräte & Kabel' }] },
    { name: 'Sport & Freizeit', children: [{ name: 'Fitnessgeräte', children: [{ name: 'Yogazubehör' }, { name: 'Hanteln' }] }, { name: 'Campingbedarf' }, { name: 'Radsport' }] },
    { name: 'Büro & Schreibwaren', children: [{ name: 'Notizbücher' }, { name: 'Stifte' }] },
    { name: 'Tierbedarf', children: [{ name: 'Hunde' }, { name: 'Katzen' }] },
    { name: 'Spielwaren', children: [{ name: 'Puzzlespiele' }, { name: 'Brettspiele' }] },
    { name: 'Digitale Produkte', children: [{ name: 'E-Books' }, { name: 'Onlinekurse' }, { name: 'Vorlagen' }] },
  ],
  brand_names: [
    'Nordwind', 'Eichenhof', 'Lindenberg', 'Silberfarn', 'Hafenlicht', 'Ahornweg', 'Steinbach', 'Kupferblatt', 'Klarwasser', 'Rotholz',
    'Wacholder', 'Falkenstein', 'Tannengrün', 'Feldnotiz', 'Wiesenduft', 'Mondstein', 'Sonnenhain', 'Treibholz', 'Heideland', 'Brombeere',
  ],
  brand_lines: ['Kinder', 'Atelier', 'Sport', 'Zuhause', 'Draußen', 'Basis', 'Reise', 'Klassik', 'Aktiv', 'Edition'],
  tag_labels: [
    'Neu eingetroffen', 'Bestseller', 'Angebot', 'Limitiert', 'Nachhaltig', 'Handgemacht', 'Geschenkidee', 'Vegan', 'Bio', 'Wasserdicht',
    'Sommer', 'Winter', 'Schulanfang', 'Weihnachten', 'Unsere Empfehlung', 'Im Set', 'Restposten', 'Regional hergestellt', 'Recycelt', 'Für alle',
    'Für unterwegs', 'Plastikfrei', 'Fairer Handel', 'Auf Bestellung', 'Exklusiv', 'Beliebt', 'Letzte Chance', 'Kleine Serie',
  ],
  variation_axes: [
    { name: 'Farbe', values: ['Schwarz', 'Weiß', 'Marineblau', 'Rot', 'Waldgrün', 'Sand', 'Grau', 'Senfgelb'] },
    { name: 'Größe', values: SIZES },
    { name: 'Material', values: ['Baumwolle', 'Leinen', 'Wolle', 'Recycling-Polyester'] },
    { name: 'Fassungsvermögen', values: ['250 ml', '350 ml', '500 ml', '750 ml', '1 l'] },
    { name: 'Oberfläche', values: ['Matt', 'Glänzend', 'Seidenmatt', 'Gebürstet'] },
    { name: 'Packungsgröße', values: ['Einzeln', '2er-Pack', '3er-Pack', '6er-Pack'] },
  ],
  shipping_class_names: ['Kleinpaket', 'Standardpaket', 'Sperrgut', 'Übergröße', 'Zerbrechlich', 'Brief', 'Schwergut', 'Kühlware', 'Flachpaket', 'Spedition', 'Gefahrgut', 'Leichtgut'],
  shipping_class_descriptions: ['Für Artikel, die als „{name}“ versendet werden.', '{name}: wird vom Versanddienstleister gesondert berechnet.', 'Versandart {name}.'],
  shipping_method_titles: { flat_rate: 'Standardversand', free_shipping: 'Kostenloser Versand', local_pickup: 'Abholung im Geschäft' },
  tax_class_names: { standard: 'Normalsatz', reduced: 'Ermäßigter Satz', zero: 'Nullsatz' },
  coupon_words: ['WILLKOMMEN', 'FRUEHLING', 'SOMMER', 'HERBST', 'WINTER', 'SPAREN', 'DANKE', 'VIP', 'FREUNDE', 'BLITZ', 'WOCHENENDE', 'TREUE', 'GEBURTSTAG', 'STUDENT', 'SPEZIAL'],
  coupon_descriptions: {
    percentage: '{percent} % Rabatt auf Ihre Bestellung',
    fixed_cart: '{money} Rabatt auf Ihre Bestellung',
    free_shipping: 'Kostenloser Versand',
    minimum: '{label} ab einem Bestellwert von {minimum}',
  },
  brand_descriptions: ['{name} macht Alltagsdinge, die lange halten.', 'Unabhängiges Label {name}, in kleinen Serien entworfen.', '{name}: ehrliche Materialien, faire Preise.', 'Die Kollektion von {name}, von unserem Einkauf ausgewählt.'],
  label_names: ['VIP', 'Geschenk', 'Priorität', 'Großhandel', 'Zerbrechlich', 'Prüfen', 'Stammkunde', 'Nachfassen', 'Nachlieferung', 'Eilversand', 'Ausland', 'Abholung', 'Vorbestellung', 'Ersatzlieferung', 'Hoher Warenwert', 'Betrugsprüfung', 'Geschenkverpackung', 'Firmenkunde', 'Abo', 'Transportschaden', 'Adresse prüfen'],
  refund_reasons: ['Artikel kam beschädigt an', 'Falsche Größe', 'Nicht mehr gewünscht', 'Artikel entspricht nicht der Beschreibung', 'Lieferung kam zu spät', 'Doppelte Bestellung', 'Anderswo günstiger gefunden', 'Teile fehlen', 'Falscher Artikel geliefert', 'Qualität nicht wie erwartet'],
  order_notes: ['Bitte beim Nachbarn abgeben, falls ich nicht da bin.', 'Das ist ein Geschenk, bitte keine Rechnung beilegen.', 'Bitte zweimal klingeln.', 'Könnten Sie es als Geschenk verpacken?', 'Wenn möglich zusammen mit meiner letzten Bestellung versenden.', 'Bitte vor der Lieferung anrufen.', 'Keine Eile.', 'Geburtstagsgeschenk, bitte eine Karte beilegen.'],
  label_descriptions: ['Bestellungen mit der Markierung „{name}“.', 'Markierung für Bestellungen: {name}.', '{name}: gesondert bearbeiten.'],
};
