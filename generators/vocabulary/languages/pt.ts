/**
 * Portuguese catalogue words, chosen to read right in Portugal and in Brazil. The adjective follows the noun and
 * agrees in gender: Caneca clássica, Gorro clássico.
 */
import type { Vocabulary } from '../types.ts';
import { inflected, SIZES } from './build.ts';

export const PT: Partial<Vocabulary> = {
  ...inflected({
    position: 'after',
    classes: ['m', 'f'],
    nouns: {
      m: ['Casaco', 'Gorro', 'Cinto', 'Cachecol', 'Boné', 'Lenço', 'Caderno', 'Relógio de parede', 'Cesto', 'Avental', 'Tapete de ioga', 'Cobertor', 'Vaso', 'Bule', 'Copo térmico', 'Porta-retratos'],
      f: ['Camisa', 'Mochila', 'Bolsa', 'Carteira', 'Caneca', 'Frigideira', 'Tábua de cortar', 'Manta', 'Vela perfumada', 'Garrafa', 'Almofada', 'Faca de cozinha', 'Taça', 'Lanterna', 'Mala de viagem'],
    },
    adjectives: [
      ['clássico', 'clássica'], ['essencial', 'essencial'], ['artesanal', 'artesanal'], ['leve', 'leve'], ['resistente', 'resistente'],
      ['impermeável', 'impermeável'], ['atemporal', 'atemporal'], ['nórdico', 'nórdica'], ['rústico', 'rústica'], ['moderno', 'moderna'],
      ['sustentável', 'sustentável'], ['macio', 'macia'], ['compacto', 'compacta'], ['urbano', 'urbana'], ['elegante', 'elegante'],
    ],
  }),
  digital_product_names: [
    'Livro digital de pão de fermentação natural', 'Curso de pintura para iniciantes', 'Modelo de convite de casamento', 'Modelo de orçamento familiar',
    'Pacote de predefinições do Lightroom', 'Manual de acordes de guitarra', 'Guia de refeições semanais', 'Modelos de currículo', 'Pacote de ícones',
    'Fotografia básica (livro digital)', 'Meditações guiadas em áudio', 'Coleção de padrões de tricô', 'Programa de treino em casa',
    'Diário de viagem para imprimir', 'Partituras para piano',
  ],
  materials: ['algodão orgânico', 'lã merino', 'aço inoxidável', 'madeira de carvalho', 'bambu', 'grés', 'linho', 'ferro fundido', 'couro legítimo', 'poliéster reciclado', 'vidro borossilicato'],
  description_sentences: [
    '{name} em {material}: qualidade que dura anos.',
    'Produção cuidada em {material}, fácil de manter.',
    'Cada peça é verificada à mão antes de sair da nossa oficina.',
    'Um design simples que combina com qualquer espaço.',
    'Um dos presentes preferidos dos nossos clientes.',
    'Dois anos de garantia e devolução gratuita em 30 dias.',
    'Envio em embalagem sem plástico.',
    'Fácil de limpar com um pano.',
    '{name}: atenção a cada detalhe.',
    'Disponível em várias cores.',
    'Combina com o resto da nossa coleção.',
    'Material: {material} de origem responsável.',
  ],
  category_tree: [
    {
      name: 'Roupa',
      children: [
        { name: 'Homem', children: [{ name: 'Camisas' }, { name: 'Calças' }, { name: 'Casacos' }] },
        { name: 'Mulher', children: [{ name: 'Vestidos' }, { name: 'Blusas' }, { name: 'Saias' }] },
        { name: 'Criança' },
      ],
    },
    { name: 'Acessórios', children: [{ name: 'Malas e bolsas', children: [{ name: 'Mochilas' }, { name: 'Bolsas de ombro' }] }, { name: 'Joias' }, { name: 'Chapéus e bonés' }] },
    { name: 'Casa e cozinha', children: [{ name: 'Utensílios de cozinha', children: [{ name: 'Frigideiras' }, { name: 'Facas' }] }, { name: 'Louça' }, { name: 'Decoração', children: [{ name: 'Velas' }, { name: 'Molduras' }] }] },
    { name: 'Tecnologia', children: [{ name: 'Som' }, { name: 'Acessórios para smartphone' }, { name: 'Carregadores e cabos' }] },
    { name: 'Lazer ao ar livre', children: [{ name: 'Treino', children: [{ name: 'Ioga' }, { name: 'Pesos' }] }, { name: 'Acampamento' }, { name: 'Ciclismo' }] },
    { name: 'Escritório e papelaria', children: [{ name: 'Cadernos' }, { name: 'Canetas' }] },
    { name: 'Animais de estimação', children: [{ name: 'Cães' }, { name: 'Gatos' }] },
    { name: 'Brinquedos e jogos', children: [{ name: 'Quebra-cabeças' }, { name: 'Jogos de tabuleiro' }] },
    { name: 'Produtos digitais', children: [{ name: 'Livros digitais' }, { name: 'Cursos' }, { name: 'Modelos' }] },
  ],
  brand_names: [
    'Vento Norte', 'Carvalhal', 'Porto Claro', 'Pedra Branca', 'Folha de Cobre', 'Água Clara', 'Zimbro', 'Falcão', 'Pinhal', 'Maré Alta',
    'Caderno de Campo', 'Flor do Campo', 'Sol Poente', 'Pedra da Lua', 'Pomar Velho', 'Cardo', 'Alecrim', 'Serra Azul', 'Oliveira Velha', 'Areia Fina',
  ],
  brand_lines: ['Criança', 'Atelier', 'Sport', 'Casa', 'Ar Livre', 'Essenciais', 'Viagem', 'Clássica', 'Ativa', 'Edição'],
  tag_labels: [
    'Novidade', 'Mais vendido', 'Promoção', 'Edição limitada', 'Sustentável', 'Feito à mão', 'Ideia de presente', 'Vegano', 'Natural', 'Impermeável',
    'Verão', 'Inverno', 'Natal', 'Recomendado', 'Kit', 'Liquidação', 'Produção local', 'Reciclado', 'Viagem', 'Sem plástico', 'Comércio justo',
    'Por encomenda', 'Exclusivo', 'Tendência', 'Última oportunidade', 'Pequena série',
  ],
  variation_axes: [
    { name: 'Cor', values: ['Preto', 'Branco', 'Azul-marinho', 'Vermelho', 'Verde-floresta', 'Areia', 'Cinza', 'Mostarda'] },
    { name: 'Tamanho', values: SIZES },
    { name: 'Material', values: ['Algodão', 'Linho', 'Lã', 'Poliéster reciclado'] },
    { name: 'Capacidade', values: ['250 ml', '350 ml', '500 ml', '750 ml', '1 l'] },
    { name: 'Acabamento', values: ['Acetinado', 'Brilhante', 'Escovado', 'Texturizado'] },
    { name: 'Embalagem', values: ['Unidade', 'Conjunto de 2', 'Conjunto de 3', 'Conjunto de 6'] },
  ],
  shipping_class_names: ['Encomenda pequena', 'Encomenda normal', 'Volumoso', 'Tamanho especial', 'Frágil', 'Carta', 'Carga pesada', 'Refrigerado', 'Embalagem plana', 'Transportadora', 'Mercadoria perigosa', 'Leve'],
  shipping_class_descriptions: ['Para artigos da classe «{name}».', '{name}: a transportadora cobra à parte.', 'Classe de envio {name}.'],
  shipping_method_titles: { flat_rate: 'Envio normal', free_shipping: 'Envio grátis', local_pickup: 'Retirada na loja' },
  tax_class_names: { standard: 'Taxa normal', reduced: 'Taxa reduzida', zero: 'Taxa zero' },
  coupon_words: ['BEMVINDO', 'PRIMAVERA', 'VERAO', 'OUTONO', 'INVERNO', 'OBRIGADO', 'VIP', 'AMIGOS', 'FLASH', 'FIMDESEMANA', 'FIDELIDADE', 'ANIVERSARIO', 'ESTUDANTE', 'SALDOS'],
  coupon_descriptions: {
    percentage: '{percent} % de desconto na sua compra',
    fixed_cart: '{money} de desconto na sua compra',
    free_shipping: 'Entrega grátis',
    minimum: '{label} em compras a partir de {minimum}',
  },
  brand_descriptions: ['{name} cria objetos do dia a dia feitos para durar.', 'Marca independente {name}, desenhada em pequenas séries.', '{name}: materiais honestos, preços justos.', 'A coleção {name}, escolhida pelos nossos compradores.'],
  label_names: ['VIP', 'Presente', 'Prioritário', 'Revenda', 'Frágil', 'Verificar', 'Cliente fiel', 'Acompanhar', 'Aguarda reposição', 'Expresso', 'Internacional', 'Pré-venda', 'Troca', 'Valor elevado', 'Verificação de fraude', 'Embrulho para presente', 'Empresa', 'Danificado no transporte', 'Confirmar morada'],
  refund_reasons: ['O produto chegou danificado', 'Tamanho errado', 'Desistência da compra', 'O produto não corresponde à descrição', 'A entrega chegou tarde demais', 'Pedido duplicado', 'Encontrei um preço melhor', 'Faltam peças', 'Foi enviado o produto errado', 'Qualidade abaixo do esperado'],
  order_notes: ['Se eu não estiver, deixem a encomenda com um vizinho.', 'É um presente, por favor não incluam a fatura.', 'Toquem a campainha duas vezes, por favor.', 'Podem embrulhar para presente?', 'Se possível, enviem junto com o meu pedido anterior.', 'Por favor, telefonem ao chegar.', 'Sem pressa.', 'Presente de aniversário, por favor incluam um cartão.'],
  label_descriptions: ['Pedidos marcados como «{name}».', 'Etiqueta de pedido: {name}.', '{name}: tratar à parte.'],
};
