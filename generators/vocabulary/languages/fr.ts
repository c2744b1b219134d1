/** French catalogue words. The adjective follows the noun and agrees in gender: Tasse classique, Pull léger, Veste légère. */
import type { Vocabulary } from '../types.ts';
import { inflected, SIZES } from './build.ts';

export const FR: Partial<Vocabulary> = {
  ...inflected({
    position: 'after',
    classes: ['m', 'f'],
    nouns: {
      m: ['T-shirt', 'Sweat à capuche', 'Pull', 'Blouson', 'Bonnet', 'Foulard', 'Sac à dos', 'Portefeuille', 'Mug', 'Plaid', 'Coussin', 'Cadre photo', 'Carnet', 'Stylo plume', 'Casque audio', 'Tapis de yoga', 'Hamac', 'Panier', 'Saladier'],
      f: ['Veste', 'Chemise', 'Écharpe', 'Ceinture', 'Casquette', 'Tasse', 'Théière', 'Poêle', 'Planche à découper', 'Lampe de chevet', 'Bougie parfumée', 'Horloge murale', 'Gourde', 'Trousse', 'Enceinte', 'Coque de téléphone'],
    },
    adjectives: [
      ['classique', 'classique'], ['essentiel', 'essentielle'], ['artisanal', 'artisanale'], ['léger', 'légère'], ['robuste', 'robuste'],
      ['imperméable', 'imperméable'], ['intemporel', 'intemporelle'], ['nordique', 'nordique'], ['rustique', 'rustique'], ['moderne', 'moderne'],
      ['écoresponsable', 'écoresponsable'], ['doux', 'douce'], ['compact', 'compacte'], ['urbain', 'urbaine'], ['élégant', 'élégante'],
    ],
  }),
  digital_product_names: [
    'Livre numérique : le pain au levain', 'Cours d’aquarelle pour débutants', 'Modèle de faire-part de mariage', 'Tableur de budget',
    'Pack de préréglages Lightroom', 'Manuel d’accords de guitare', 'Guide du batch cooking', 'Modèles de CV', 'Pack d’icônes',
    'Les bases de la photo (livre numérique)', 'Méditations guidées (audio)', 'Recueil de modèles de tricot', 'Programme de sport à la maison',
    'Carnet de voyage à imprimer', 'Partitions pour piano',
  ],
  materials: ['coton bio', 'laine mérinos', 'acier inoxydable', 'chêne massif', 'bambou', 'grès', 'lin', 'fonte', 'cuir pleine fleur', 'polyester recyclé', 'verre borosilicate'],
  description_sentences: [
    '{name} en {material}, une valeur sûre pour longtemps.',
    'Fabrication soignée en {material}, facile à entretenir.',
    'Chaque pièce est vérifiée à la main avant de quitter notre atelier.',
    'Un design sobre qui trouve sa place partout.',
    'Un cadeau apprécié de nos clients.',
    'Garantie deux ans et retours gratuits sous 30 jours.',
    'Expédition dans un emballage sans plastique.',
    'Un simple chiffon humide suffit pour l’entretien.',
    '{name} : le souci du détail, jusque dans les finitions.',
    'Disponible en plusieurs coloris.',
    'S’accorde avec le reste de notre collection.',
    'Matière : {material}, issue de sources responsables.',
  ],
  category_tree: [
    {
      name: 'Vêtements',
      children: [
        { name: 'Homme', children: [{ name: 'Chemises' }, { name: 'Pantalons' }, { name: 'Vestes' }] },
        { name: 'Femme', children: [{ name: 'Robes' }, { name: 'Hauts' }, { name: 'Jupes' }] },
        { name: 'Enfant' },
      ],
    },
    { name: 'Maroquinerie & Bijoux', children: [{ name: 'Sacs', children: [{ name: 'Sacs à dos' }, { name: 'Cabas' }] }, { name: 'Bijoux' }, { name: 'Bonnets & casquettes' }] },
    { name: 'Maison & Cuisine', children: [{ name: 'Cuisson', children: [{ name: 'Poêles' }, { name: 'Couteaux' }] }, { name: 'Arts de la table' }, { name: 'Décoration', children: [{ name: 'Bougies' }, { name: 'Cadres' }] }] },
    { name: 'High-tech', children: [{ name: 'Casques & enceintes' }, { name: 'Accessoires pour téléphone' }, { name: 'Chargeurs & câbles' }] },
    { name: 'Sports & Loisirs', children: [{ name: 'Remise en forme', children: [{ name: 'Accessoires de yoga' }, { name: 'Haltères' }] }, { name: 'Camping & randonnée' }, { name: 'Vélo' }] },
    { name: 'Bureau & Papeterie', children: [{ name: 'Carnets' }, { name: 'Stylos' }] },
    { name: 'Animalerie', children: [{ name: 'Chiens' }, { name: 'Chats' }] },
    { name: 'Jeux & Jouets', children: [{ name: 'Casse-tête' }, { name: 'Jeux de société' }] },
    { name: 'Téléchargements', children: [{ name: 'Livres numériques' }, { name: 'Cours en ligne' }, { name: 'Modèles' }] },
  ],
  brand_names: [
    'Mistral', 'Belle Rive', 'Les Tilleuls', 'Fougère', 'Pierre Blanche', 'Source Claire', 'Bois Rouge', 'Genévrier', 'Faucon Pèlerin', 'Pinède',
    'Marée Haute', 'Carnet des Champs', 'Fer Doux', 'Fleur Sauvage', 'Havre du Sud', 'Bois Flotté', 'Lande', 'Mûrier', 'Pierre de Lune', 'Vieux Verger',
  ],
  brand_lines: ['Enfant', 'Atelier', 'Sport', 'Maison', 'Plein Air', 'Essentiels', 'Voyage', 'Classique', 'Actif', 'Édition'],
  tag_labels: [
    'Nouveauté', 'Meilleure vente', 'Promo', 'Édition limitée', 'Écoresponsable', 'Fait main', 'Idée cadeau', 'Vegan', 'Bio', 'Imperméable',
    'Été', 'Hiver', 'Rentrée', 'Fêtes', 'Coup de cœur', 'Lot', 'Déstockage', 'Fabrication locale', 'Recyclé', 'Mixte', 'Voyage', 'Zéro plastique',
    'Commerce équitable', 'Sur commande', 'Exclusivité', 'Tendance', 'Dernière chance', 'Petite série',
  ],
  variation_axes: [
    { name: 'Couleur', values: ['Noir', 'Blanc', 'Bleu marine', 'Rouge', 'Vert forêt', 'Sable', 'Gris', 'Moutarde'] },
    { name: 'Taille', values: SIZES },
    { name: 'Matière', values: ['Coton', 'Lin', 'Laine', 'Polyester recyclé'] },
    { name: 'Contenance', values: ['25 cl', '35 cl', '50 cl', '75 cl', '1 l'] },
    { name: 'Finition', values: ['Mat', 'Brillant', 'Satiné', 'Brossé'] },
    { name: 'Conditionnement', values: ['À l’unité', 'Lot de 2', 'Lot de 3', 'Lot de 6'] },
  ],
  shipping_class_names: ['Petit colis', 'Colis standard', 'Encombrant', 'Hors gabarit', 'Fragile', 'Lettre suivie', 'Colis lourd', 'Réfrigéré', 'Colis plat', 'Messagerie', 'Matières dangereuses', 'Colis léger'],
  shipping_class_descriptions: ['Pour les articles de la classe « {name} ».', '{name} : tarif appliqué séparément par le transporteur.', 'Classe d’expédition {name}.'],
  shipping_method_titles: { flat_rate: 'Livraison standard', free_shipping: 'Livraison gratuite', local_pickup: 'Retrait en magasin' },
  tax_class_names: { standard: 'Taux normal', reduced: 'Taux réduit', zero: 'Taux zéro' },
  coupon_words: ['BIENVENUE', 'PRINTEMPS', 'ETE', 'AUTOMNE', 'HIVER', 'MERCI', 'VIP', 'AMIS', 'FLASH', 'WEEKEND', 'FIDELITE', 'ANNIV', 'ETUDIANT', 'SOLDES'],
  coupon_descriptions: {
    percentage: '{percent} % de remise sur votre commande',
    fixed_cart: '{money} de remise sur votre commande',
    free_shipping: 'Livraison offerte',
    minimum: '{label} dès {minimum} d’achat',
  },
  brand_descriptions: ['{name} fabrique des objets du quotidien qui durent.', 'Marque indépendante {name}, conçue en petites séries.', '{name} : des matériaux honnêtes, des prix justes.', 'La collection {name}, sélectionnée par nos acheteurs.'],
  label_names: ['VIP', 'Cadeau', 'Prioritaire', 'Vente en gros', 'Fragile', 'À vérifier', 'Client fidèle', 'À relancer', 'En réapprovisionnement', 'Express', 'International', 'Retrait en magasin', 'Précommande', 'Remplacement', 'Forte valeur', 'Contrôle fraude', 'Emballage cadeau', 'Entreprise', 'Abonnement', 'Endommagé pendant le transport', 'Adresse à vérifier'],
  refund_reasons: ['Article arrivé endommagé', 'Mauvaise taille', 'Changement d’avis', 'Article non conforme à la description', 'Livraison trop tardive', 'Commande en double', 'Trouvé moins cher ailleurs', 'Pièces manquantes', 'Mauvais article envoyé', 'Qualité décevante'],
  order_notes: ['Merci de laisser le colis chez un voisin si je suis absent.', 'C’est un cadeau, merci de ne pas joindre la facture.', 'Sonnez deux fois, s’il vous plaît.', 'Pourriez-vous faire un paquet cadeau ?', 'Si possible, expédiez-le avec ma commande précédente.', 'Merci de m’appeler à la livraison.', 'Rien ne presse.', 'Cadeau d’anniversaire, merci d’ajouter une carte.'],
  label_descriptions: ['Commandes marquées « {name} ».', 'Étiquette de commande : {name}.', '{name} : à traiter à part.'],
};
