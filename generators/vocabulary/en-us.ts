/** Built-in en_US vocabulary: the words used when no recipe and no sample data supply them. */
import type { Vocabulary } from './types.ts';

export const EN_US: Vocabulary = {
  product_names: [
    'T-Shirt', 'Hoodie', 'Denim Jacket', 'Wool Sweater', 'Rain Jacket', 'Chino Trousers', 'Running Shorts',
    'Beanie', 'Baseball Cap', 'Scarf', 'Leather Belt', 'Canvas Sneakers', 'Hiking Boots', 'Ankle Socks',
    'Backpack', 'Tote Bag', 'Messenger Bag', 'Wallet', 'Sunglasses', 'Wristwatch',
    'Coffee Mug', 'Travel Tumbler', 'Water Bottle', 'French Press', 'Teapot', 'Chef Knife', 'Cutting Board',
    'Cast Iron Skillet', 'Mixing Bowl', 'Salad Servers', 'Dinner Plate Set', 'Table Lamp', 'Throw Blanket',
    'Cushion Cover', 'Scented Candle', 'Plant Pot', 'Wall Clock', 'Picture Frame', 'Bath Towel', 'Doormat',
    'Notebook', 'Fountain Pen', 'Desk Organizer', 'Phone Case', 'Wireless Charger', 'Bluetooth Speaker',
    'Headphones', 'USB-C Cable', 'Laptop Sleeve', 'Yoga Mat', 'Resistance Bands', 'Dumbbell Set',
    'Camping Mug', 'Hammock', 'Bike Light', 'Dog Collar', 'Cat Toy', 'Jigsaw Puzzle', 'Board Game', 'Kite',
  ],
  product_adjectives: [
    'Classic', 'Essential', 'Organic', 'Everyday', 'Premium', 'Vintage', 'Minimalist', 'Rustic', 'Modern',
    'Lightweight', 'Heavy-Duty', 'Compact', 'Oversized', 'Handmade', 'Recycled', 'Waterproof', 'Slim',
    'Deluxe', 'Nordic', 'Coastal', 'Urban', 'Alpine', 'Studio', 'Heritage', 'Travel', 'Pro', 'Soft-Touch',
    'Eco', 'Signature', 'Weekend',
  ],
  digital_product_names: [
    'Sourdough Baking eBook', 'Beginner Watercolor Course', 'Lo-fi Beats Sample Pack', 'Wedding Invitation Template',
    'Budget Planner Spreadsheet', 'Lightroom Preset Bundle', 'Guitar Chord Handbook', 'Meal Prep Guide',
    'Yoga for Runners Video Series', 'Resume Template Kit', 'Icon Set', 'Font Family License',
    'Photography Basics eBook', 'Social Media Graphics Pack', 'Meditation Audio Series', 'Knitting Pattern Collection',
    'Home Workout Program', 'Travel Journal Printable', 'Podcast Intro Music', 'Children’s Story Audiobook',
    'Wall Art Printable', 'Language Flashcards', 'Business Plan Template', 'Piano Sheet Music Album',
    'Stock Photo Bundle', 'Garden Planner Printable', 'Cocktail Recipe eBook', 'Drone Footage Pack',
  ],
  materials: [
    'organic cotton', 'recycled polyester', 'merino wool', 'full-grain leather', 'stainless steel', 'oak wood',
    'bamboo', 'stoneware', 'borosilicate glass', 'cast iron', 'linen', 'canvas', 'silicone', 'aluminium',
    'recycled paper',
  ],
  description_sentences: [
    'The {name} is made from {material} and built to last.',
    'Designed for everyday use, the {name} pairs comfort with a clean look.',
    'Every {name} is checked by hand before it leaves our workshop.',
    'Made from {material}, it is easy to care for and looks better with age.',
    'A customer favourite, the {name} makes a thoughtful gift.',
    'Its {material} construction keeps it light without giving up strength.',
    'We kept the design simple so the {name} fits in anywhere.',
    'Backed by our two-year warranty and free returns within 30 days.',
    'Small details, like reinforced seams and a tidy finish, set it apart.',
    'Available in several colors to match your style.',
    'The {name} ships in plastic-free packaging.',
    'Thousands of customers already use the {name} every day.',
    'Wipe clean with a damp cloth; no special care needed.',
    'Sized generously, so you can pack or stack it with ease.',
    'Responsibly sourced {material} keeps its footprint low.',
    'Pairs well with the rest of our collection.',
  ],
  category_tree: [
    {
      name: 'Clothing',
      children: [
        { name: 'Men', children: [{ name: 'Shirts' }, { name: 'Trousers' }, { name: 'Jackets' }] },
        { name: 'Women', children: [{ name: 'Dresses' }, { name: 'Tops' }, { name: 'Skirts' }] },
        { name: 'Kids', children: [{ name: 'Baby' }, { name: 'School' }] },
      ],
    },
    {
      name: 'Accessories',
      children: [
        { name: 'Bags', children: [{ name: 'Backpacks' }, { name: 'Totes' }] },
        { name: 'Jewelry' },
        { name: 'Hats & Caps' },
      ],
    },
    {
      name: 'Home & Kitchen',
      children: [
        { name: 'Cookware', children: [{ name: 'Pans' }, { name: 'Knives' }] },
        { name: 'Tableware' },
        { name: 'Decor', children: [{ name: 'Candles' }, { name: 'Frames' }] },
      ],
    },
    {
      name: 'Electronics',
      children: [{ name: 'Audio' }, { name: 'Phone Accessories' }, { name: 'Chargers & Cables' }],
    },
    {
      name: 'Sports & Outdoors',
      children: [
        { name: 'Fitness', children: [{ name: 'Yoga' }, { name: 'Weights' }] },
        { name: 'Camping' },
        { name: 'Cycling' },
      ],
    },
    { name: 'Office & Stationery', children: [{ name: 'Notebooks' }, { name: 'Pens' }] },
    { name: 'Pets', children: [{ name: 'Dogs' }, { name: 'Cats' }] },
    { name: 'Toys & Games', children: [{ name: 'Puzzles' }, { name: 'Board Games' }] },
    { name: 'Digital Downloads', children: [{ name: 'eBooks' }, { name: 'Courses' }, { name: 'Templates' }] },
  ],
  brand_names: [
    'Northwind', 'Bluefield', 'Oakridge', 'Silver Fern', 'Harbor & Co', 'Maple Lane', 'Stonebrook', 'Copperleaf',
    'Brightwater', 'Redwood Supply', 'Juniper', 'Kestrel', 'Lumen', 'Pinecrest', 'Tidewell', 'Fieldnote',
    'Ironbark', 'Wildflower', 'Sunhaven', 'Driftwood', 'Evergreen Goods', 'Highline', 'Little Otter', 'Moonstone',
    'Bramble', 'Cobalt', 'Foxglove', 'Granite Peak', 'Hollow Oak', 'Lark & Finch', 'Meadowsweet', 'Nimbus',
    'Orchard Row', 'Quarry', 'Riverstone', 'Saltmarsh', 'Thistle', 'Upland', 'Velvet Moth', 'Willow Creek',
  ],
  brand_lines: ['Pro', 'Kids', 'Studio', 'Sport', 'Home', 'Outdoor', 'Essentials', 'Lab', 'Travel', 'Classic', 'Active', 'Edition'],
  tag_labels: [
    'New Arrival', 'Best Seller', 'Sale', 'Limited Edition', 'Eco-Friendly', 'Handmade', 'Gift Idea', 'Vegan',
    'Organic', 'Waterproof', 'Summer', 'Winter', 'Back to School', 'Holiday', 'Staff Pick', 'Bundle', 'Clearance',
    'Locally Made', 'Recycled', 'Unisex', 'Travel', 'Minimalist', 'Outdoor', 'Kids', 'Premium', 'Lightweight',
    'Plastic-Free', 'Fair Trade', 'Made to Order', 'Exclusive', 'Trending', 'Last Chance', 'Customer Favorite',
    'Small Batch', 'Giftable', 'Pet Friendly', 'Home Office', 'Weekend', 'Festival', 'Everyday',
  ],
  label_names: [
    'VIP', 'Gift', 'Priority', 'Wholesale', 'Fragile', 'Needs Review', 'Repeat Customer', 'Follow Up', 'Backorder',
    'Express', 'International', 'Local Pickup', 'Pre-order', 'Influencer', 'Replacement', 'High Value', 'Fraud Check',
    'Gift Wrap', 'Corporate', 'Marketplace', 'Subscription', 'Damaged in Transit', 'Address Check', 'Loyalty',
  ],
  variation_axes: [
    { name: 'Color', values: ['Black', 'White', 'Navy', 'Red', 'Forest Green', 'Sand', 'Grey', 'Mustard'] },
    { name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] },
    { name: 'Material', values: ['Cotton', 'Linen', 'Wool', 'Recycled Polyester'] },
    { name: 'Capacity', values: ['250 ml', '350 ml', '500 ml', '750 ml', '1 l'] },
    { name: 'Finish', values: ['Matte', 'Gloss', 'Satin', 'Brushed'] },
    { name: 'Pack Size', values: ['Single', 'Pack of 2', 'Pack of 3', 'Pack of 6'] },
  ],
  shipping_class_names: [
    'Small Parcel', 'Standard Parcel', 'Bulky', 'Oversized', 'Fragile', 'Letter', 'Heavy Goods', 'Refrigerated',
    'Flat Pack', 'Freight', 'Hazardous', 'Lightweight',
  ],
  coupon_words: [
    'WELCOME', 'SPRING', 'SUMMER', 'AUTUMN', 'WINTER', 'SAVE', 'THANKYOU', 'VIP', 'FRIENDS', 'FLASH', 'WEEKEND',
    'BUNDLE', 'LOYAL', 'NEWS', 'HOLIDAY', 'BIRTHDAY', 'STUDENT', 'BACK', 'CYBER', 'SPECIAL',
  ],
  refund_reasons: [
    'Item arrived damaged', 'Wrong size', 'Changed my mind', 'Item not as described', 'Arrived too late',
    'Duplicate order', 'Found a better price', 'Missing parts', 'Wrong item sent', 'Quality not as expected',
  ],
  order_notes: [
    'Please leave the parcel with a neighbour if I am out.', 'This is a gift, please do not include the invoice.',
    'Ring the bell twice.', 'Deliver to the back door, please.', 'Could you gift wrap this?',
    'Please ship together with my previous order if possible.', 'Call me on arrival.', 'No rush on this one.',
    'Leave at the front desk.', 'Birthday present, please add a card.',
  ],
};
