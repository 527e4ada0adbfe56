"""
A Gomoku VCF line
=================

A *victory by continuous fours* (VCF) is a winning line in which every
attacker move makes a four, so the defender's reply is forced each time,
until the attacker makes five. ``vcf`` searches for one; the line it
answers has been replayed on a fresh board to the five.
"""

from PIL import Image, ImageDraw

from tansuo.gomoku import format_board, parse_position, vcf

board = parse_position("15 h8 i9 i8 j8 h9 h10 g8 f7 j10 k11 g10 g9 h11 f9")
result = vcf(board)
print(result.status, result.attacker, "wins:", " ".join(result.line))

# %%
# The position with the line numbered: the attacker's moves are odd, the
# defender's forced blocks even.

line = [board.push(move) for move in result.line]
print(format_board(board, numbers={cell: i + 1 for i, cell in enumerate(line)}))

# %%
# The same drawn with Pillow: black and white stones, the line's moves
# numbered in the order they are played.

CELL = 28
size = board.width * CELL
image = Image.new("RGB", (size, size), (222, 184, 135))
draw = ImageDraw.Draw(image)
for i in range(board.width):
    centre = i * CELL + CELL // 2
    draw.line([(CELL // 2, centre), (size - CELL // 2, centre)], fill=(90, 60, 30))
    draw.line([(centre, CELL // 2), (centre, size - CELL // 2)], fill=(90, 60, 30))
first_of_line = len(board.history) - len(result.line)
for number, cell in enumerate(board.history):
    x, y = board.xy(cell)
    box = [x * CELL + 3, y * CELL + 3, (x + 1) * CELL - 3, (y + 1) * CELL - 3]
    black = number % 2 == 0
    draw.ellipse(box, fill=(20, 20, 20) if black else (245, 245, 245), outline=(0, 0, 0))
    if number >= first_of_line:
        label = str(number - first_of_line + 1)
        draw.text((x * CELL + 9, y * CELL + 8), label, fill=(255, 80, 80))
image.save("gomoku_vcf.png")
