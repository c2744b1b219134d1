/** Spanish catalogue words. The adjective follows the noun and agrees in gender: Taza clásica, Gorro clásico. */
import type { Vocabulary } from '../types.ts';
import { inflected, SIZES } from './build.ts';

export const ES: Partial<Vocabulary> = {
  ...inflected({
    position: 'after',
    classes: ['m', 'f'],
    nouns: {
      m: ['Abrigo', 'Gorro', 'Pañuelo', 'Cinturón', 'Bolso', 'Monedero', 'Cojín', 'Marco de fotos', 'Cuaderno', 'Altavoz', 'Reloj de pared', 'Cuenco', 'Jarrón', 'Sombrero', 'Delantal', 'Cuchillo de cocina', 'Bolígrafo', 'Estuche'],
      f: ['Camiseta', 'Sudadera', 'Chaqueta', 'Bufanda', 'Gorra', 'Mochila', 'Cartera', 'Taza', 'Tetera', 'Sartén', 'Tabla de cortar', 'Lámpara de mesa', 'Manta', 'Vela aromática', 'Botella', 'Esterilla de yoga', 'Hamaca'],
    },
    adjectives: [
      ['clásico', 'clásica'], ['esencial', 'esencial'], ['artesanal', 'artesanal'], ['ligero', 'ligera'], ['resistente', 'resistente'],
      ['impermeable', 'impermeable'], ['atemporal', 'atemporal'], ['nórdico', 'nórdica'], ['rústico', 'rústica'], ['moderno', 'moderna'],
      ['sostenible', 'sostenible'], ['suave', 'suave'], ['compacto', 'compacta'], ['urbano', 'urbana'], ['elegante', 'elegante'],
    ],
  }),
  digital_product_names: [
    'Libro electrónico de pan de masa madre', 'Curso de acuarela para principiantes', 'Plantilla de invitación de boda', 'Hoja de cálculo de presupuesto',
    'Pack de ajustes de Lightroom', 'Manual de acordes de guitarra', 'Guía para cocinar la semana', 'Plantillas de currículum', 'Pack de iconos',
    'Fotografía básica (libro electrónico)', 'Meditaciones guiadas en audio', 'Patrones de punto', 'Programa de ejercicio en casa',
    'Diario de viaje imprimible', 'Partituras para piano',
  ],
  materials: ['algodón orgánico', 'lana merino', 'acero inoxidable', 'madera de roble', 'bambú', 'gres', 'lino', 'hierro fundido', 'piel plena flor', 'poliéster reciclado', 'vidrio borosilicato'],
  description_sentences: [
    '{name} de {material}: calidad que dura años.',
    'Fabricación cuidada en {material}, fácil de mantener.',
    'Revisamos cada pieza a mano antes de que salga de nuestro taller.',
    'Un diseño sencillo que encaja en cualquier lugar.',
    'Uno de los regalos favoritos de nuestros clientes.',
    'Dos años de garantía y devoluciones gratuitas en 30 días.',
    'Envío en embalaje sin plásticos.',
    'Se limpia con un paño húmedo.',
    '{name}: atención a cada detalle.',
    'Disponible en varios colores.',
    'Combina con el resto de nuestra colección.',
    'Material: {material} de origen responsable.',
  ],
  category_tree: [
    {
      name: 'Ropa',
      children: [
        { name: 'Hombre', children: [{ name: 'Camisas' }, { name: 'Pantalones' }, { name: 'Chaquetas' }] },
        { name: 'Mujer', children: [{ name: 'Vestidos' }, { name: 'Blusas' }, { name: 'Faldas' }] },
        { name: 'Niños' },
      ],
    },
    { name: 'Complementos', children: [{ name: 'Bolsos', children: [{ name: 'Mochilas' }, { name: 'Bolsos de compra' }] }, { name: 'Joyería' }, { name: 'Gorros y gorras' }] },
    { name: 'Hogar y cocina', children: [{ name: 'Menaje', children: [{ name: 'Sartenes' }, { name: 'Cuchillos' }] }, { name: 'Vajilla' }, { name: 'Decoración', children: [{ name: 'Velas' }, { name: 'Marcos' }] }] },
    { name: 'Electrónica', children: [{ name: 'Auriculares y altavoces' }, { name: 'Accesorios para el móvil' }, { name: 'Cargadores y cables' }] },
    { name: 'Deportes y aire libre', children: [{ name: 'Entrenamiento', children: [{ name: 'Esterillas y yoga' }, { name: 'Pesas' }] }, { name: 'Acampada' }, { name: 'Ciclismo' }] },
    { name: 'Oficina y papelería', children: [{ name: 'Cuadernos' }, { name: 'Bolígrafos' }] },
    { name: 'Mascotas', children: [{ name: 'Perros' }, { name: 'Gatos' }] },
    { name: 'Juguetes y juegos', children: [{ name: 'Rompecabezas' }, { name: 'Juegos de mesa' }] },
    { name: 'Descargas digitales', children: [{ name: 'Libros electrónicos' }, { name: 'Cursos' }, { name: 'Plantillas' }] },
  ],
  brand_names: [
    'Viento Norte', 'Robledal', 'Helecho', 'Puerto Claro', 'Camino del Arce', 'Piedra Blanca', 'Hoja de Cobre', 'Agua Clara', 'Madera Roja', 'Enebro',
    'Cernícalo', 'Pinar', 'Marea Alta', 'Cuaderno de Campo', 'Flor Silvestre', 'Sol de Tarde', 'Piedra Luna', 'Huerto Viejo', 'Cardo', 'Olivar',
  ],
  brand_lines: ['Niños', 'Taller', 'Sport', 'Hogar', 'Aire Libre', 'Básicos', 'Viaje', 'Clásica', 'Activa', 'Edición'],
  tag_labels: [
    'Novedad', 'Más vendido', 'Rebajas', 'Edición limitada', 'Sostenible', 'Hecho a mano', 'Idea para regalar', 'Vegano', 'Ecológico', 'Impermeable',
    'Verano', 'Invierno', 'Vuelta al cole', 'Navidad', 'Recomendado', 'Pack', 'Liquidación', 'Producto local', 'Reciclado', 'Unisex', 'Viaje',
    'Sin plástico', 'Comercio justo', 'Bajo pedido', 'Exclusivo', 'Tendencia', 'Última oportunidad', 'Pequeña tirada',
  ],
  variation_axes: [
    { name: 'Color', values: ['Negro', 'Blanco', 'Azul marino', 'Rojo', 'Verde bosque', 'Arena', 'Gris', 'Mostaza'] },
    { name: 'Talla', values: SIZES },
    { name: 'Material', values: ['Algodón', 'Lino', 'Lana', 'Poliéster reciclado'] },
    { name: 'Capacidad', values: ['250 ml', '350 ml', '500 ml', '750 ml', '1 l'] },
    { name: 'Acabado', values: ['Mate', 'Brillante', 'Satinado', 'Cepillado'] },
    { name: 'Formato', values: ['Unidad', 'Pack de 2', 'Pack de 3', 'Pack de 6'] },
  ],
  shipping_class_names: ['Paquete pequeño', 'Paquete estándar', 'Voluminoso', 'Sobredimensionado', 'Frágil', 'Carta', 'Mercancía pesada', 'Refrigerado', 'Paquete plano', 'Transporte de mercancías', 'Mercancía peligrosa', 'Ligero'],
  shipping_class_descriptions: ['Para artículos de la clase «{name}».', '{name}: el transportista lo cobra aparte.', 'Clase de envío {name}.'],
  shipping_method_titles: { flat_rate: 'Envío estándar', free_shipping: 'Envío gratuito', local_pickup: 'Recogida en tienda' },
  tax_class_names: { standard: 'Tipo general', reduced: 'Tipo reducido', zero: 'Tipo cero' },
  coupon_words: ['BIENVENIDA', 'PRIMAVERA', 'VERANO', 'OTONO', 'INVIERNO', 'GRACIAS', 'VIP', 'AMIGOS', 'FLASH', 'FINDE', 'FIDELIDAD', 'CUMPLE', 'ESTUDIANTE', 'REBAJAS'],
  coupon_descriptions: {
    percentage: '{percent} % de descuento en tu pedido',
    fixed_cart: '{money} de descuento en tu pedido',
    free_shipping: 'Envío gratis',
    minimum: '{label} a partir de {minimum}',
  },
  brand_descriptions: ['{name} crea objetos cotidianos que duran.', 'Marca independiente {name}, diseñada en pequeñas series.', '{name}: materiales honestos, precios justos.', 'La colección {name}, elegida por nuestro equipo de compras.'],
  label_names: ['VIP', 'Regalo', 'Prioritario', 'Mayorista', 'Frágil', 'Revisar', 'Cliente habitual', 'Hacer seguimiento', 'Pendiente de stock', 'Urgente', 'Internacional', 'Recogida en tienda', 'Reserva', 'Sustitución', 'Alto valor', 'Control de fraude', 'Envolver para regalo', 'Empresa', 'Suscripción', 'Dañado en el transporte', 'Verificar dirección'],
  refund_reasons: ['El artículo llegó dañado', 'Talla incorrecta', 'Cambio de opinión', 'El artículo no coincide con la descripción', 'Llegó demasiado tarde', 'Pedido duplicado', 'Encontré un precio mejor', 'Faltan piezas', 'Se envió un artículo equivocado', 'La calidad no es la esperada'],
  order_notes: ['Si no estoy, dejen el paquete con un vecino, por favor.', 'Es un regalo, por favor no incluyan la factura.', 'Toquen el timbre dos veces.', '¿Podrían envolverlo para regalo?', 'Si es posible, envíenlo junto con mi pedido anterior.', 'Llámenme al llegar, por favor.', 'No hay prisa.', 'Regalo de cumpleaños, por favor añadan una tarjeta.'],
  label_descriptions: ['Pedidos marcados como «{name}».', 'Etiqueta de pedido: {name}.', '{name}: gestionar aparte.'],
};
