/** Italian catalogue words. The adjective follows the noun and agrees in gender: Tazza classica, Zaino classico. */
import type { Vocabulary } from '../types.ts';
import { inflected, SIZES } from './build.ts';

export const IT: Partial<Vocabulary> = {
  ...inflected({
    position: 'after',
    classes: ['m', 'f'],
    nouns: {
      m: ['Maglione', 'Giubbotto', 'Berretto', 'Zaino', 'Portafoglio', 'Cuscino', 'Portafoto', 'Quaderno', 'Altoparlante', 'Orologio da parete', 'Cestino', 'Tagliere', 'Coltello da cucina', 'Vaso', 'Plaid', 'Grembiule', 'Cappello'],
      f: ['Maglietta', 'Felpa', 'Giacca', 'Camicia', 'Sciarpa', 'Cintura', 'Borsa a tracolla', 'Tazza', 'Teiera', 'Padella', 'Lampada da tavolo', 'Coperta', 'Candela profumata', 'Borraccia', 'Cover per smartphone', 'Amaca'],
    },
    adjectives: [
      ['classico', 'classica'], ['essenziale', 'essenziale'], ['artigianale', 'artigianale'], ['leggero', 'leggera'], ['robusto', 'robusta'],
      ['impermeabile', 'impermeabile'], ['senza tempo', 'senza tempo'], ['nordico', 'nordica'], ['rustico', 'rustica'], ['moderno', 'moderna'],
      ['sostenibile', 'sostenibile'], ['morbido', 'morbida'], ['compatto', 'compatta'], ['urbano', 'urbana'], ['elegante', 'elegante'],
    ],
  }),
  digital_product_names: [
    'eBook sul pane con lievito madre', 'Corso di acquerello per principianti', 'Modello di partecipazione di nozze', 'Foglio di calcolo per il budget',
    'Pacchetto di preset per Lightroom', 'Manuale degli accordi per chitarra', 'Guida al meal prep', 'Modelli di curriculum', 'Set di icone',
    'Fotografia di base (eBook)', 'Meditazioni guidate in audio', 'Raccolta di schemi a maglia', 'Programma di allenamento a casa',
    'Diario di viaggio da stampare', 'Spartiti per pianoforte',
  ],
  materials: ['cotone biologico', 'lana merino', 'acciaio inox', 'legno di rovere', 'bambù', 'gres', 'lino', 'ghisa', 'pelle pieno fiore', 'poliestere riciclato', 'vetro borosilicato'],
  description_sentences: [
    '{name} in {material}: qualità che dura nel tempo.',
    'Lavorazione accurata in {material}, facile da curare.',
    'Ogni pezzo viene controllato a mano prima di lasciare il nostro laboratorio.',
    'Un design essenziale che sta bene ovunque.',
    'Uno dei regali preferiti dai nostri clienti.',
    'Due anni di garanzia e reso gratuito entro 30 giorni.',
    'Spedizione in imballaggio senza plastica.',
    'Si pulisce con un panno umido.',
    '{name}: cura in ogni dettaglio.',
    'Disponibile in diversi colori.',
    'Si abbina al resto della nostra collezione.',
    'Materiale: {material} da fonti responsabili.',
  ],
  category_tree: [
    {
      name: 'Abbigliamento',
      children: [
        { name: 'Uomo', children: [{ name: 'Camicie' }, { name: 'Pantaloni' }, { name: 'Giacche' }] },
        { name: 'Donna', children: [{ name: 'Abiti' }, { name: 'Bluse' }, { name: 'Gonne' }] },
        { name: 'Bambini' },
      ],
    },
    { name: 'Accessori', children: [{ name: 'Borse', children: [{ name: 'Zaini' }, { name: 'Borse shopping' }] }, { name: 'Gioielli' }, { name: 'Cappelli e berretti' }] },
    { name: 'Casa e cucina', children: [{ name: 'Pentolame', children: [{ name: 'Padelle' }, { name: 'Coltelli' }] }, { name: 'Stoviglie' }, { name: 'Decorazioni', children: [{ name: 'Candele' }, { name: 'Cornici' }] }] },
    { name: 'Elettronica', children: [{ name: 'Cuffie e altoparlanti' }, { name: 'Accessori per smartphone' }, { name: 'Caricatori e cavi' }] },
    { name: 'Sport e tempo libero', children: [{ name: 'Allenamento', children: [{ name: 'Yoga e pilates' }, { name: 'Pesi' }] }, { name: 'Campeggio' }, { name: 'Ciclismo' }] },
    { name: 'Ufficio e cancelleria', children: [{ name: 'Quaderni' }, { name: 'Penne' }] },
    { name: 'Animali', children: [{ name: 'Cani' }, { name: 'Gatti' }] },
    { name: 'Giochi e giocattoli', children: [{ name: 'Puzzle' }, { name: 'Giochi da tavolo' }] },
    { name: 'Prodotti digitali', children: [{ name: 'Libri digitali' }, { name: 'Corsi online' }, { name: 'Modelli' }] },
  ],
  brand_names: [
    'Tramontana', 'Querceto', 'Felce', 'Porto Chiaro', 'Via degli Aceri', 'Pietrabianca', 'Foglia di Rame', 'Acquachiara', 'Legnorosso', 'Ginepro',
    'Gheppio', 'Pineta', 'Alta Marea', 'Taccuino', 'Fiordaliso', 'Solaria', 'Legno di Mare', 'Pietra di Luna', 'Vecchio Frutteto', 'Cardo',
  ],
  brand_lines: ['Bambini', 'Atelier', 'Sport', 'Casa', 'All’aperto', 'Essenziali', 'Viaggio', 'Classica', 'Attiva', 'Edizione'],
  tag_labels: [
    'Novità', 'Più venduto', 'Saldi', 'Edizione limitata', 'Sostenibile', 'Fatto a mano', 'Idea regalo', 'Vegano', 'Biologico', 'Impermeabile',
    'Estate', 'Inverno', 'Ritorno a scuola', 'Natale', 'Scelto da noi', 'Confezione multipla', 'Svendita', 'Prodotto locale', 'Riciclato', 'Unisex',
    'Viaggio', 'Senza plastica', 'Commercio equo', 'Su ordinazione', 'Esclusiva', 'Di tendenza', 'Ultima occasione', 'Piccola serie',
  ],
  variation_axes: [
    { name: 'Colore', values: ['Nero', 'Bianco', 'Blu navy', 'Rosso', 'Verde bosco', 'Sabbia', 'Grigio', 'Senape'] },
    { name: 'Taglia', values: SIZES },
    { name: 'Materiale', values: ['Cotone', 'Lino', 'Lana', 'Poliestere riciclato'] },
    { name: 'Capacità', values: ['250 ml', '350 ml', '500 ml', '750 ml', '1 l'] },
    { name: 'Finitura', values: ['Opaca', 'Lucida', 'Satinata', 'Spazzolata'] },
    { name: 'Confezione', values: ['Singola', 'Da 2', 'Da 3', 'Da 6'] },
  ],
  shipping_class_names: ['Pacco piccolo', 'Pacco standard', 'Ingombrante', 'Fuori misura', 'Fragile', 'Lettera', 'Merce pesante', 'Refrigerato', 'Pacco piatto', 'Trasporto merci', 'Merce pericolosa', 'Leggero'],
  shipping_class_descriptions: ['Per gli articoli della classe «{name}».', '{name}: tariffa calcolata a parte dal corriere.', 'Classe di spedizione {name}.'],
  shipping_method_titles: { flat_rate: 'Spedizione standard', free_shipping: 'Spedizione gratuita', local_pickup: 'Ritiro in negozio' },
  tax_class_names: { standard: 'Aliquota ordinaria', reduced: 'Aliquota ridotta', zero: 'Aliquota zero' },
  coupon_words: ['BENVENUTO', 'PRIMAVERA', 'ESTATE', 'AUTUNNO', 'INVERNO', 'GRAZIE', 'VIP', 'AMICI', 'FLASH', 'WEEKEND', 'FEDELTA', 'COMPLEANNO', 'STUDENTE', 'SALDI'],
  coupon_descriptions: {
    percentage: 'Sconto del {percent} % sul tuo ordine',
    fixed_cart: 'Sconto di {money} sul tuo ordine',
    free_shipping: 'Spedizione gratuita',
    minimum: '{label} con una spesa minima di {minimum}',
  },
  brand_descriptions: ['{name} crea oggetti di tutti i giorni fatti per durare.', 'Marchio indipendente {name}, disegnato in piccole serie.', '{name}: materiali onesti, prezzi giusti.', 'La collezione {name}, scelta dai nostri buyer.'],
  label_names: ['VIP', 'Regalo', 'Priorità', 'Ingrosso', 'Fragile', 'Da verificare', 'Cliente abituale', 'Da ricontattare', 'In riassortimento', 'Consegna rapida', 'Internazionale', 'Ritiro in negozio', 'Preordine', 'Sostituzione', 'Alto valore', 'Controllo frodi', 'Confezione regalo', 'Azienda', 'Abbonamento', 'Danneggiato nel trasporto', 'Indirizzo da verificare'],
  refund_reasons: ['Articolo arrivato danneggiato', 'Taglia sbagliata', 'Ho cambiato idea', 'Articolo non conforme alla descrizione', 'Consegna troppo in ritardo', 'Ordine duplicato', 'Trovato a un prezzo migliore', 'Parti mancanti', 'Articolo sbagliato', 'Qualità inferiore alle aspettative'],
  order_notes: ['Se non ci sono, lasciate il pacco a un vicino.', 'È un regalo, per favore non includete la fattura.', 'Suonate due volte, per favore.', 'Potete fare una confezione regalo?', 'Se possibile, spedite insieme al mio ordine precedente.', 'Chiamatemi all’arrivo.', 'Nessuna fretta.', 'Regalo di compleanno, aggiungete un biglietto per favore.'],
  label_descriptions: ['Ordini contrassegnati come «{name}».', 'Etichetta dell’ordine: {name}.', '{name}: da gestire a parte.'],
};
